import type { ReactNode } from 'react';
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { contactFullName, type Contact } from '@domain/companies/schema';
import { upperCase } from '@domain/common/text';
import { currentLocale, t } from '@web/lib/i18n';

const initials = (c: Contact) => upperCase(`${c.first_name.charAt(0)}${c.last_name.charAt(0)}`, currentLocale());
/** tel: links keep only the digits and a leading + ("+90 224 555 0101" dials as +902245550101). */
const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** One contact: name, Primary badge, position, mailto email and tel phone links (spec section 2). */
export function ContactCard({ contact, actions, showAccount = false }: { contact: Contact; actions?: ReactNode; showAccount?: boolean }) {
  const name = contactFullName(contact);
  return (
    <Paper withBorder radius="md" p="md" data-testid="contact-card" aria-label={name} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          { }
          <Avatar color={contact.is_primary_contact ? 'blue' : 'gray'} radius="xl">
            {initials(contact)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600}>{name}</Text>
              {contact.is_primary_contact && (
                <Badge size="sm" variant="light" color="blue">
                  {t('Primary')}
                </Badge>
              )}
              {showAccount && contact.has_account && (
                <Badge size="sm" variant="outline" color="teal" title={t('This contact has signed up and can sign in to the portal')}>
                  {t('Portal account')}
                </Badge>
              )}
            </Group>
            {contact.position && (
              <Text fz="sm" c="dimmed">
                {contact.position}
              </Text>
            )}
            {contact.email && (
              <Anchor href={`mailto:${contact.email}`} fz="sm" style={{ wordBreak: 'break-all' }}>
                <Group gap={6} wrap="nowrap">
                  <IconMail size={15} style={{ flexShrink: 0 }} />
                  {contact.email}
                </Group>
              </Anchor>
            )}
            {contact.phone && (
              <Anchor href={telHref(contact.phone)} fz="sm">
                <Group gap={6} wrap="nowrap">
                  <IconPhone size={15} style={{ flexShrink: 0 }} />
                  {contact.phone}
                </Group>
              </Anchor>
            )}
            {!contact.email && !contact.phone && (
              <Text fz="sm" c="dimmed">
                {t('No email or phone on record')}
              </Text>
            )}
          </Stack>
        </Group>
        {actions}
      </Group>
    </Paper>
  );
}
