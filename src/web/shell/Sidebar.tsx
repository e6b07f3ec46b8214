import { Badge, Box, Button, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout, IconWorld } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { isNavGroup, menuFor } from '@domain/access/navigation';
import { roleLabel } from '@domain/common/enums';
import { useAuth, useUser } from '@web/features/auth/auth-context';
import { UnreadCountBadge } from '@web/features/messages/UnreadCountBadge';
import { BrandLogo } from '@web/ui/BrandLogo';
import { t } from '@web/lib/i18n';
import { QuickStats } from './QuickStats';
import { GROUP_ICONS, MENU_ICONS } from './menu-icons';
import { GlobalSearchButton } from './GlobalSearch';
import { can, isCustomer } from '@domain/access/permissions';


export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const under = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const targets = menuFor(user.role).flatMap((e) => (isNavGroup(e) ? e.items.map((i) => i.to) : [e.to]));
  // The most specific entry is the active one: /invoices/ready lights Ready to invoice, not Invoices as well.
  const roleColor = isCustomer(user.role) ? 'teal' : 'blue';
  const isActive = (to: string) => under(to) && !targets.some((t) => t.length > to.length && t.startsWith(`${to}/`) && under(t));

  /** A menu entry; `label` is shown as it comes (translated by the caller). */
  const item = (label: string, to: string) => {
    const Icon = MENU_ICONS[to] ?? IconWorld;
    return (
      <NavLink
        key={to}
        component={Link}
        to={to}
        label={label}
        leftSection={<Icon size={18} stroke={1.6} />}
        rightSection={to === '/messages' ? <UnreadCountBadge /> : undefined}
        active={isActive(to)}
        // The router's own mark (class, aria-current) only on the page itself, never on a parent of it as well.
        activeOptions={{ exact: true }}
        onClick={onNavigate}
        variant="light"
        style={{ borderRadius: 6 }}
      />
    );
  };

  return (
    <Stack h="100%" gap={0}>
      <Box p="md">
        <BrandLogo size="sm" />
        <Box mt="sm" visibleFrom="sm">
          <GlobalSearchButton />
        </Box>
      </Box>
      <Divider />
      <ScrollArea style={{ flex: 1 }} px="xs" py="sm">
        <Stack gap={2} component="nav" aria-label={t('Main menu')}>
          {/* Until a required two-factor enrolment is done, only the profile is open (decision 0010). */}
          {(user.two_factor_setup_required ? [] : menuFor(user.role)).map((entry) =>
            isNavGroup(entry) ? (
              <NavLink
                key={entry.label}
                label={t(entry.label)}
                leftSection={(() => {
                  const Icon = GROUP_ICONS[entry.key ?? entry.label] ?? IconWorld;
                  return <Icon size={18} stroke={1.6} />;
                })()}
                defaultOpened={entry.items.some((i) => isActive(i.to)) || entry.label === 'Shipments'}
                childrenOffset={18}
                style={{ borderRadius: 6 }}
              >
                {entry.items.map((i) => item(t(i.label), i.to))}
              </NavLink>
            ) : (
              item(t(entry.label), entry.to)
            ),
          )}
        </Stack>
      </ScrollArea>
      <Stack gap="sm" p="md" component="section" aria-label={t('Your account')} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {can(user.role, 'dashboard:quick_stats') && <QuickStats />}
        <Box>
          <Badge variant="light" color={roleColor} data-testid="sidebar-role">
            {t(roleLabel(user.role))}
          </Badge>
          <Text fz="sm" c="dimmed" mt={4} truncate="end" data-testid="sidebar-email" title={user.email.toLowerCase()}>
            {user.email.toLowerCase()}
          </Text>
        </Box>
        {item(t('My Profile'), '/profile')}
        {/* Webhooks (issue 18): admins for every company, a customer for theirs; beside the profile, as a setting of one's account. */}
        {!user.two_factor_setup_required && can(user.role, 'webhooks:manage') && item(t('Webhooks'), '/webhooks')}
        <Button
          variant="default"
          leftSection={<IconLogout size={16} />}
          onClick={async () => {
            await signOut();
            await navigate({ to: '/signin' });
          }}
        >
          {t('Sign Out')}
        </Button>
      </Stack>
    </Stack>
  );
}
