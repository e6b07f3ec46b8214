import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBuildingPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { COMPANIES_PAGE_SIZE, COMPANY_MESSAGES, type Company } from '@domain/companies/schema';
import { pageCount } from '@domain/common/list';
import { formatDate } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { SearchInput } from '@web/ui/SearchInput';
import { companyListQuery } from './api';
import { DeleteCompanyDialog, type DeleteCompanyTarget } from './DeleteCompanyDialog';

/** /companies: 10 a page by name, search on name, add, open, edit and delete (staff). */
export function CompaniesPage() {
  const { q = '', page = 1 } = useSearch({ from: '/app/companies' });
  const navigate = useNavigate({ from: '/companies' });
  const list = useQuery(companyListQuery(q, page, COMPANIES_PAGE_SIZE));
  const [target, setTarget] = useState<DeleteCompanyTarget | null>(null);
  const [opened, setOpened] = useState(false);

  const total = list.data?.total ?? 0;
  const lastPage = pageCount(total, COMPANIES_PAGE_SIZE);
  // A page past the end (e.g. after deleting the last company of the last page) moves back to the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > lastPage) void navigate({ search: (s) => ({ ...s, page: lastPage > 1 ? lastPage : undefined }), replace: true });
  }, [list.data, list.isPlaceholderData, page, lastPage, navigate]);

  const open = (company: Company) => void navigate({ to: '/companies/$id', params: { id: company.id } });
  const askDelete = (company: Company) => {
    setTarget({ id: company.id, name: company.name });
    setOpened(true);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('Companies')}
        subtitle={t('Customer companies, their contacts and shipments')}
        actions={
          <Button component={Link} to="/companies/new" leftSection={<IconBuildingPlus size={18} />}>
            {t('Add Company')}
          </Button>
        }
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
      <Paper withBorder radius="md" p="md">
        {list.isPending ? (
          <Center py={48}>
            <Loader size="sm" />
          </Center>
        ) : list.data && list.data.rows.length === 0 ? (
          <EmptyState
            title={t(COMPANY_MESSAGES.noCompanies)}
            text={q ? t('No company name contains "{q}".', { q }) : t('Add the first company to start managing contacts and shipments.')}
            action={
              q ? (
                <Button variant="light" onClick={() => void navigate({ search: {}, replace: true })}>
                  {t('Clear search')}
                </Button>
              ) : (
                <Button component={Link} to="/companies/new" variant="light">
                  {t('Add Company')}
                </Button>
              )
            }
          />
        ) : (
          list.data && (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table highlightOnHover verticalSpacing="sm" aria-label={t('Companies')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('Company Name')}</Table.Th>
                      <Table.Th>{t('Address')}</Table.Th>
                      <Table.Th ta="center">{t('Contacts')}</Table.Th>
                      <Table.Th ta="center">{t('Shipments')}</Table.Th>
                      <Table.Th>{t('Created At')}</Table.Th>
                      <Table.Th ta="right">{t('Actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.rows.map((company) => (
                      <Table.Tr key={company.id} style={{ cursor: 'pointer' }} onClick={() => open(company)}>
                        <Table.Td>
                          <Text fw={600} component={Link} to={`/companies/${company.id}`} c="inherit" onClick={(e) => e.stopPropagation()}>
                            {company.name}
                          </Text>
                        </Table.Td>
                        <Table.Td maw={320}>
                          { }
                          <Text fz="sm" c={company.address ? undefined : 'dimmed'} lineClamp={1} title={company.address ?? undefined}>
                            {company.address ?? t(COMPANY_MESSAGES.noAddress)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="center">
                          <Badge variant="light" color="gray">
                            {company.contacts_count}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="center">
                          { }
                          <Badge variant="light" color={company.shipments_count ? 'blue' : 'gray'}>
                            {company.shipments_count}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{formatDate(company.created_at)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                            <Tooltip label={t('Edit')}>
                              <ActionIcon variant="subtle" component={Link} to={`/companies/edit/${company.id}`} aria-label={t('Edit {name}', { name: company.name })}>
                                <IconPencil size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('Delete')}>
                              <ActionIcon variant="subtle" color="red" onClick={() => askDelete(company)} aria-label={t('Delete {name}', { name: company.name })}>
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager
                page={page}
                pageSize={COMPANIES_PAGE_SIZE}
                total={total}
                onPage={(next) => void navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) })}
              />
            </>
          )
        )}
      </Paper>
      <DeleteCompanyDialog target={target} opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}
