import { useEffect, useState } from 'react';
import { Anchor, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCalendar, IconMapPin, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { COMPANY_MESSAGES } from '@domain/companies/schema';
import { formatDate } from '@web/lib/format';
import { companyQuery } from './api';
import { useRouteParam } from './route-params';
import { CompanyShipmentsSection } from './CompanyShipmentsSection';
import { ContactsSection } from './ContactsSection';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';
import { InfoCard } from './InfoCard';

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
    notifications.show({ color: 'red', title: 'Company not available', message: company.error.message });
    void navigate({ to: '/companies', replace: true });
  }, [company.error, navigate]);

  if (!company.data) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  const c = company.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/companies" fz="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          Back to Companies
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} fz={26}>
            {c.name}
          </Title>
          <Text c="dimmed">Company profile</Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={`/companies/edit/${id}`} variant="default" leftSection={<IconPencil size={16} />}>
            Edit Company
          </Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <InfoCard icon={<IconMapPin size={20} />} title="Address">
          <Text c={c.address ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
            {c.address ?? COMPANY_MESSAGES.noAddress}
          </Text>
        </InfoCard>
        <InfoCard icon={<IconCalendar size={20} />} title="Registration">
          <Text fz="sm" c="dimmed">
            Created At
          </Text>
          <Text>{formatDate(c.created_at)}</Text>
        </InfoCard>
      </SimpleGrid>
      <ContactsSection companyId={id} enabled={!deleted} />
      <CompanyShipmentsSection companyId={id} enabled={!deleted} />
      <DeleteCompanyDialog
        target={{ id, name: c.name }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onDeleted={() => {
          setDeleted(true);
          void navigate({ to: '/companies', replace: true });
        }}
      />
    </Stack>
  );
}
