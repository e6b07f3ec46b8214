import { useState } from 'react';
import { ActionIcon, Badge, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { COMPANY_MESSAGES, contactFullName, type Contact } from '@domain/companies/schema';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { contactsQuery, deleteContact, invalidateCompanies } from './api';
import { ContactCard } from './ContactCard';
import { useUser } from '@web/features/auth';
import { NotificationChoices, notificationsPath } from '@web/features/notifications';
import { can } from '@domain/access/permissions';

/** The delete question; a contact with a portal account is told to lose access (their company is found by this record). */
function deleteContactMessage(contact: Contact): string {
  const name = contactFullName(contact);
  return contact.has_account
    ? t("Are you sure you want to delete {name}? This action cannot be undone. They have a portal account and will no longer see this company's shipments.", { name })
    : t('Are you sure you want to delete {name}? This action cannot be undone.', { name });
}

/** Contacts of the staff company profile: cards, Add Contact, and a delete per card. */
export function ContactsSection({ companyId, enabled }: { companyId: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const contacts = useQuery({ ...contactsQuery(companyId), enabled });
  const [target, setTarget] = useState<Contact | null>(null);
  const [opened, setOpened] = useState(false);
  // Admins set a contact's notification choices for them (issue 17).
  const admin = can(useUser().role, 'notifications:manage');
  const [choicesOf, setChoicesOf] = useState<Contact | null>(null);
  const remove = useMutation({
    mutationFn: (contact: Contact) => deleteContact(companyId, contact.id),
    onSuccess: async (_d, contact) => {
      notifications.show({ color: 'green', title: t('Contact deleted'), message: t('{name} was removed.', { name: contactFullName(contact) }) });
      setOpened(false);
      await invalidateCompanies(queryClient);
    },
  });
  const rows = contacts.data ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="contacts-title">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <IconUsers size={20} />
          <Title order={2} fz="lg" id="contacts-title">
            {t('Contacts')}
          </Title>
          {contacts.data && (
            <Badge variant="light" color="gray">
              {rows.length}
            </Badge>
          )}
        </Group>
        <Button component={Link} to={`/companies/${companyId}/contacts/new`} leftSection={<IconUserPlus size={16} />} size="sm">
          {t('Add Contact')}
        </Button>
      </Group>
      <ErrorBanner error={contacts.error} prefix={t('Error fetching contacts: ')} />
      {contacts.isPending ? (
        <Center py={32}>
          <Loader size="sm" />
        </Center>
      ) : contacts.data && rows.length === 0 ? (
        <EmptyState
          title={t(COMPANY_MESSAGES.noContactsYet)}
          text={t("Add the people you work with at this company. A contact's email lets them register for the portal.")}
          icon={<IconUsers size={28} />}
          action={
            <Button component={Link} to={`/companies/${companyId}/contacts/new`} variant="light" leftSection={<IconUserPlus size={16} />}>
              {t('Add First Contact')}
            </Button>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {rows.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              showAccount
              actions={
                <Group gap={4} wrap="nowrap">
                {admin && contact.email && (
                  <Tooltip label={t('Notification choices')}>
                    <ActionIcon variant="subtle" aria-label={t('Notification choices of {name}', { name: contactFullName(contact) })} onClick={() => setChoicesOf(contact)}>
                      <IconBell size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t('Delete contact')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('Delete {name}', { name: contactFullName(contact) })}
                    onClick={() => {
                      remove.reset();
                      setTarget(contact);
                      setOpened(true);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
                </Group>
              }
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={!!choicesOf} onClose={() => setChoicesOf(null)} title={choicesOf ? t('Notifications of {name}', { name: contactFullName(choicesOf) }) : ''} size="lg">
        {choicesOf && <NotificationChoices path={notificationsPath({ companyId, contactId: choicesOf.id })} onSaved={() => setChoicesOf(null)} />}
      </Modal>
      <ConfirmDialog
        opened={opened}
        title={t('Delete Contact')}
        message={target ? deleteContactMessage(target) : ''}
        busy={remove.isPending}
        error={remove.error && t(remove.error.message)}
        onConfirm={() => target && remove.mutate(target)}
        onClose={() => !remove.isPending && setOpened(false)}
      />
    </Paper>
  );
}
