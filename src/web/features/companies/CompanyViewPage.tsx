import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconBuilding, IconFileInvoice, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { COMPANY_MESSAGES } from '@domain/companies/schema';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { companyQuery, contactsQuery } from './api';
import { useRouteParam } from './route-params';
import { ContactCard } from './ContactCard';
import { CompanyLoading, CompanyProfileLayout } from './CompanyProfileLayout';

const BackToCompanies = () => (
  <Button component={Link} to="/company" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px="xs">
    {t('Back to Companies')}
  </Button>
);

/** /company/{id}: company info and its contacts (read-only); another company's id is "not found" for a customer. */
export function CompanyViewPage() {
  const id = useRouteParam('id');
  const company = useQuery(companyQuery(id));
  const contacts = useQuery({ ...contactsQuery(id), enabled: company.isSuccess });

  if (company.error) {
    const missing = company.error instanceof ApiError && company.error.status === 404;
    return (
      <Stack gap="lg">
        <BackToCompanies />
        <Paper withBorder radius="md">
          <EmptyState
            title={missing ? t(COMPANY_MESSAGES.companyNotFound) : t('Company could not be loaded')}
            text={missing ? t('This company does not exist or is not available to you.') : t(company.error.message)}
            icon={<IconBuilding size={28} />}
          />
        </Paper>
      </Stack>
    );
  }
  if (!company.data) return <CompanyLoading />;
  return (
    <CompanyProfileLayout
      company={company.data}
      back={<BackToCompanies />}
      actions={
        // Issue 38: the company's statement (a customer's own company; staff reach any from the company page).
        <Button renderRoot={(props) => <Link {...props} to="/billing/statement" search={{ company_id: id }} />} variant="default" leftSection={<IconFileInvoice size={16} />}>
          {t('Statement')}
        </Button>
      }
    >
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="contacts-title">
        <Group gap="xs" mb="md">
          <IconUsers size={20} />
          <Title order={2} fz="lg" id="contacts-title">
            {t('Contacts')}
          </Title>
          {contacts.data && (
            <Badge variant="light" color="gray">
              {contacts.data.length}
            </Badge>
          )}
        </Group>
        <ErrorBanner error={contacts.error} prefix={t('Error fetching contacts: ')} />
        {contacts.isPending ? (
          <Center py={32}>
            <Loader size="sm" />
          </Center>
        ) : contacts.data && contacts.data.length === 0 ? (
          <EmptyState title={t(COMPANY_MESSAGES.noContacts)} icon={<IconUsers size={28} />} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {contacts.data?.map((contact) => <ContactCard key={contact.id} contact={contact} />)}
          </SimpleGrid>
        )}
      </Paper>
    </CompanyProfileLayout>
  );
}
