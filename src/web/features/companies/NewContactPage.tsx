import { useEffect, type ReactNode } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { contactFullName, type Contact, type ContactInput } from '@domain/companies/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { companyQuery, contactsQuery, createContact, invalidateCompanies } from './api';
import { useRouteParam } from './route-params';

type Values = { first_name: string; last_name: string; email: string; phone: string; position: string; is_primary_contact: boolean };

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="fieldset" style={{ margin: 0 }}>
      <Title order={2} fz="md" mb="md" component="legend" style={{ float: 'left', width: '100%', padding: 0 }}>
        {title}
      </Title>
      <div style={{ clear: 'both' }}>{children}</div>
    </Paper>
  );
}

/** /companies/{companyId}/contacts/new: 'Add New Contact' (spec section 2); success returns to the profile. */
export function NewContactPage() {
  const companyId = useRouteParam('companyId');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useQuery(companyQuery(companyId));
  const contacts = useQuery(contactsQuery(companyId));
  const save = useMutation({
    mutationFn: (input: ContactInput) => createContact(companyId, input),
    onSuccess: async (contact) => {
      notifications.show({ color: 'green', title: t('Contact created'), message: t('{name} was added.', { name: contactFullName(contact) }) });
      await invalidateCompanies(queryClient);
      await navigate({ to: '/companies/$id', params: { id: companyId } });
    },
  });

  useEffect(() => {
    if (!company.error) return;
    console.error('Company load failed', company.error);
    void navigate({ to: '/companies', replace: true });
  }, [company.error, navigate]);

  if (!company.data || !contacts.data) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <ContactForm key={companyId} companyId={companyId} companyName={company.data.name} contacts={contacts.data} save={save} />;
}

function ContactForm({
  companyId, companyName, contacts, save,
}: {
  companyId: string;
  companyName: string;
  contacts: Contact[];
  save: { mutate: (input: ContactInput) => void; isPending: boolean; error: unknown };
}) {
  const currentPrimary = contacts.find((c) => c.is_primary_contact);
  // The first contact of a company starts as its primary contact; the user can switch it off.
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { first_name: '', last_name: '', email: '', phone: '', position: '', is_primary_contact: contacts.length === 0 },
  });
  const fields: Record<string, string> = Object.fromEntries(Object.entries(save.error instanceof ApiError ? (save.error.fields ?? {}) : {}).map(([field, text]) => [field, t(text)]));
  const busy = save.isPending;
  const back = `/companies/${companyId}`;

  return (
    <Stack gap="lg" maw={820}>
      <Anchor component={Link} to={back} fz="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {t('Back to {name}', { name: companyName })}
        </Group>
      </Anchor>
      <PageHeader title={t('Add New Contact')} subtitle={t('New contact at {name}', { name: companyName })} />
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack gap="lg">
          <ErrorBanner error={save.error} />
          <FormSection title={t('Personal Information')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('First Name')} withAsterisk autoFocus disabled={busy} {...form.getInputProps('first_name')} error={fields.first_name} />
              <TextInput label={t('Last Name')} withAsterisk disabled={busy} {...form.getInputProps('last_name')} error={fields.last_name} />
            </SimpleGrid>
          </FormSection>
          <FormSection title={t('Contact Information')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('Email')}
                type="email"
                placeholder="name@company.com"
                description={t('Lets this contact register for the portal')}
                disabled={busy}
                {...form.getInputProps('email')}
                error={fields.email}
              />
              <TextInput label={t('Phone')} type="tel" placeholder="+90 224 555 0101" description={t('With the country code')} disabled={busy} {...form.getInputProps('phone')} error={fields.phone} />
            </SimpleGrid>
          </FormSection>
          <FormSection title={t('Professional Information')}>
            <Stack>
              <TextInput label={t('Position')} placeholder={t('e.g. Logistics Manager')} disabled={busy} {...form.getInputProps('position')} error={fields.position} />
              <Switch
                label={t('Primary contact')}
                description={
                  form.values.is_primary_contact && currentPrimary
                    ? t('Replaces {name} as the primary contact.', { name: contactFullName(currentPrimary) })
                    : t('The main person to reach at this company; a company has one primary contact.')
                }
                disabled={busy}
                {...form.getInputProps('is_primary_contact', { type: 'checkbox' })}
              />
            </Stack>
          </FormSection>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={back} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('Creating...') : t('Create Contact')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
