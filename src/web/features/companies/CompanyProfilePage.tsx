import { useEffect, useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileInvoice, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { RecordPaymentButton } from '@web/features/payments';
import { t } from '@web/lib/i18n';
import { companyQuery } from './api';
import { useRouteParam } from './route-params';
import { CompanyShipmentsSection } from './CompanyShipmentsSection';
import { CompanyLoading, CompanyProfileLayout } from './CompanyProfileLayout';
import { ContactsSection } from './ContactsSection';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';

/** /companies/{id}: the staff profile with address, registration, contacts and the company's shipments. */
export function CompanyProfilePage() {
  const id = useRouteParam('id');
  const navigate = useNavigate();
  // Once deleted, nothing on this page may refetch (it would 404) while it moves to /companies.
  const [deleted, setDeleted] = useState(false);
  const company = useQuery({ ...companyQuery(id), enabled: !deleted });
  const [confirming, setConfirming] = useState(false);

  // Spec section 8: a company load failure is logged and redirects to /companies.
  useEffect(() => {
    if (!company.error) return;
    console.error('Company load failed', company.error);
    notifications.show({ color: 'red', title: t('Company not available'), message: t(company.error.message) });
    void navigate({ to: '/companies', replace: true });
  }, [company.error, navigate]);

  if (!company.data) return <CompanyLoading />;
  return (
    <CompanyProfileLayout
      company={company.data}
      back={
        <Anchor component={Link} to="/companies" fz="sm" w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={16} />
            {t('Back to Companies')}
          </Group>
        </Anchor>
      }
      actions={
        <Group gap="sm">
          <Button renderRoot={(props) => <Link {...props} to="/billing/statement" search={{ company_id: id }} />} variant="default" leftSection={<IconFileInvoice size={16} />}>
            {t('Statement')}
          </Button>
          <RecordPaymentButton companyId={id} />
          <Button component={Link} to={`/companies/edit/${id}`} variant="default" leftSection={<IconPencil size={16} />}>
            {t('Edit Company')}
          </Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
            {t('Delete')}
          </Button>
        </Group>
      }
    >
      <ContactsSection companyId={id} enabled={!deleted} />
      <CompanyShipmentsSection companyId={id} enabled={!deleted} />
      <DeleteCompanyDialog
        target={{ id, name: company.data.name }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onDeleted={() => {
          setDeleted(true);
          void navigate({ to: '/companies', replace: true });
        }}
      />
    </CompanyProfileLayout>
  );
}
