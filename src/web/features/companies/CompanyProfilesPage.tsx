import { useEffect } from 'react';
import { Badge, Button, Card, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuilding, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { COMPANY_CARDS_PAGE_SIZE, COMPANY_MESSAGES, type Company } from '@domain/companies/schema';
import { pageCount } from '@domain/common/list';
import { formatDate } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { companyListQuery } from './api';
import { isCustomer } from '@domain/access/permissions';

function CompanyCard({ company }: { company: Company }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component={Link}
      to={`/company/${company.id}`}
      data-testid="company-card"
      style={{ textDecoration: 'none' }}
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconBuilding size={20} />
          </ThemeIcon>
          <Text fw={700} lh={1.3}>
            {company.name}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-dimmed)" />
          { }
          <Text fz="sm" c={company.address ? undefined : 'dimmed'} lineClamp={2}>
            {company.address ?? t(COMPANY_MESSAGES.noAddress)}
          </Text>
        </Group>
        <Group justify="space-between" mt="auto" pt="xs">
          <Badge variant="light" color="gray" leftSection={<IconUsers size={12} />}>
            {t('{count, plural, one {# contact} other {# contacts}}', { count: company.contacts_count })}
          </Badge>
          <Text fz="xs" c="dimmed">
            {t('Since {date}', { date: formatDate(company.created_at) })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** /company: Company Profiles as a card grid with search; a customer sees their own company, staff see all. */
export function CompanyProfilesPage() {
  const user = useUser();
  const { q = '', page = 1 } = useSearch({ from: '/app/company' });
  const navigate = useNavigate({ from: '/company' });
  const list = useQuery(companyListQuery(q, page, COMPANY_CARDS_PAGE_SIZE));
  const total = list.data?.total ?? 0;
  const lastPage = pageCount(total, COMPANY_CARDS_PAGE_SIZE);
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > lastPage) void navigate({ search: (s) => ({ ...s, page: undefined }), replace: true });
  }, [list.data, list.isPlaceholderData, page, lastPage, navigate]);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('Company Profiles')}
        subtitle={isCustomer(user.role) ? t('Your company and its contacts') : t('Every customer company and its contacts')}
      />
      <Paper withBorder radius="md" p="md">
        <SearchInput
          value={q}
          placeholder={t('Search companies by name...')}
          label={t('Search companies')}
          onChange={(value) => void navigate({ search: { q: value || undefined }, replace: true })}
        />
      </Paper>
      <ErrorBanner error={list.error} prefix={t('Error fetching companies: ')} />
      {list.isPending ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : list.data && list.data.rows.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            title={t(COMPANY_MESSAGES.noCompanies)}
            text={q ? t('No company name contains "{q}".', { q }) : undefined}
            icon={<IconBuilding size={28} />}
            action={
              q ? (
                <Button variant="light" onClick={() => void navigate({ search: {}, replace: true })}>
                  {t('Clear search')}
                </Button>
              ) : undefined
            }
          />
        </Paper>
      ) : (
        list.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {list.data.rows.map((company) => (
                <CompanyCard key={company.id} company={company} />
              ))}
            </SimpleGrid>
            {total > COMPANY_CARDS_PAGE_SIZE && (
              <Pager
                page={page}
                pageSize={COMPANY_CARDS_PAGE_SIZE}
                total={total}
                onPage={(next) => void navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) })}
              />
            )}
          </>
        )
      )}
    </Stack>
  );
}
