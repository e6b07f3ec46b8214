import type { ReactElement, ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CustomerActions as Actions } from '@domain/analytics/schema';
import { CONVERSATION_ANCHOR } from '@domain/messages/anchor';
import { OwedPaperList, TAP } from '@web/features/checklist';
import { formatDay, formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';

const TODAY = () => new Date().toISOString().slice(0, 10);

/** One kind of waiting thing: its heading with how many, its first rows, and the way to all of them. */
function Part({ id, title, total, all, children }: { id: string; title: string; total: number; all?: { to: string; search?: Record<string, string>; label: string }; children: ReactNode }) {
  if (total === 0) return null;
  return (
    <Stack component="section" gap={4} aria-labelledby={id} data-testid={`actions-${id}`}>
      <Group justify="space-between" wrap="nowrap" mt="xs">
        <Title order={3} fz="sm" id={id}>
          {title}
        </Title>
        <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="actions-count">
          {total}
        </Badge>
      </Group>
      {children}
      {all && (
        <Anchor component={Link} to={all.to} search={all.search as never} fz="sm" fw={600} w="fit-content" style={TAP}>
          {all.label}
        </Anchor>
      )}
    </Stack>
  );
}

/** A row of the action list: what, a line under it, and the one action (a 44 px tap target). */
function Row({ title, detail, action }: { title: ReactNode; detail: ReactNode; action: ReactNode }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="actions-row">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      </Stack>
      <div style={{ flexShrink: 0 }}>{action}</div>
    </Group>
  );
}

const List = ({ children }: { children: ReactNode }) => (
  <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
    {children}
  </Stack>
);

/** A link styled as a button, as tall as a fingertip. */
function Go({ to, params, hash, label, name }: { to: string; params: Record<string, string>; hash?: string; label: string; name: string }) {
  return (
    <Button
      variant="light"
      size="sm"
      mih={44}
      aria-label={`${label}: ${name}`}
      renderRoot={(props) => <Link {...props} to={to as never} params={params as never} hash={hash} />}
    >
      {label}
    </Button>
  );
}

/**
 * The customer dashboard's first card (issue 45): what waits for their answer, each row one tap from being done.
 * Papers are uploaded right here; quotes, conversations and invoices open where they are answered.
 */
export function CustomerActions({ actions }: { actions: Actions }): ReactElement {
  const { papers, quotes, messages, invoices } = actions;
  const count = papers.total + quotes.total + messages.total + invoices.total;
  const today = TODAY();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="actions-title" data-testid="customer-actions">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={count ? 'orange' : 'green'} size="lg" aria-hidden>
          {count ? <IconChecklist size={20} /> : <IconCircleCheck size={20} />}
        </ThemeIcon>
        <div>
          <Title order={2} fz="md" id="actions-title">
            {t('What needs your answer')}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="actions-summary">
            {count ? t('{count, plural, one {# thing waits for you.} other {# things wait for you.}}', { count }) : t('Nothing waits for you: no papers, quotes, messages or invoices.')}
          </Text>
        </div>
      </Group>
      <Part id="papers" title={t('Papers to send')} total={papers.total} all={{ to: '/checklist/owed', label: t('All papers to send') }}>
        <OwedPaperList rows={papers.rows} />
      </Part>
      <Part id="quotes" title={t('Quotes to answer')} total={quotes.total} all={quotes.total > quotes.rows.length ? { to: '/requests', search: { status: 'quoted' }, label: t('All quotes to answer') } : undefined}>
        <List>
          {quotes.rows.map((q) => (
            <Row
              key={q.id}
              title={`${q.number} · ${q.origin} → ${q.destination}`}
              detail={q.valid_until ? t('Valid until {date}', { date: formatDay(q.valid_until) }) : t('Quoted')}
              action={<Go to="/requests/$id" params={{ id: q.id }} label={t('Answer')} name={q.number} />}
            />
          ))}
        </List>
      </Part>
      <Part id="messages" title={t('Unread messages')} total={messages.total} all={messages.total > messages.rows.length ? { to: '/messages', label: t('All messages') } : undefined}>
        <List>
          {messages.rows.map((m) => (
            <Row
              key={`${m.kind}:${m.subject_id}`}
              title={m.label}
              detail={
                <>
                  {m.last_author}: <span data-user-text>{m.last_excerpt}</span>
                </>
              }
              action={<Go to={m.kind === 'shipment' ? '/all-shipments/$id' : '/requests/$id'} params={{ id: m.subject_id }} hash={CONVERSATION_ANCHOR} label={t('Reply')} name={m.label} />}
            />
          ))}
        </List>
      </Part>
      <Part id="invoices" title={t('Invoices to pay')} total={invoices.total} all={invoices.total > invoices.rows.length ? { to: '/invoices', label: t('All invoices') } : undefined}>
        <List>
          {invoices.rows.map((i) => (
            <Row
              key={i.id}
              title={`${i.number ?? ''} · ${formatMoney(i.open, i.currency)}`}
              detail={
                <Text span fz="xs" c={i.overdue ? 'red.9' : undefined} fw={i.overdue ? 600 : undefined}>
                  {i.overdue ? t('Overdue since {date}', { date: formatDay(i.due_date) }) : i.due_date && i.due_date >= today ? t('Due {date}', { date: formatDay(i.due_date) }) : t('Open')}
                </Text>
              }
              action={<Go to="/invoices/$id" params={{ id: i.id }} label={t('View')} name={i.number ?? ''} />}
            />
          ))}
        </List>
      </Part>
    </Paper>
  );
}
