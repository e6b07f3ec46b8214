import type { ReactElement } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFileInvoice, IconFilterOff, IconListCheck, IconPlus, IconReportMoney } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can, isStaff } from '@domain/access/permissions';
import { useUser } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { INVOICES_PAGE_SIZE, invoiceListQuery } from './api';
import { InvoiceFilters } from './InvoiceFilters';
import { InvoiceList } from './InvoiceList';
import { CLEARED_FILTERS, isFiltered, useInvoiceSearch } from './search';

/**
 * /invoices (issue 38): staff's invoices and credit notes of every company, drafts included, with filters; a customer's
 * company's issued ones (the server scopes), as cards on a phone, with a link to their statement.
 */
export function InvoicesPage(): ReactElement {
  const user = useUser();
  const staff = isStaff(user.role);
  const [search, setSearch] = useInvoiceSearch();
  const list = useQuery(invoiceListQuery(search));
  const rows = list.data?.rows ?? [];

  const empty = isFiltered(search) ? (
    <EmptyState
      title={t('No invoices match your filters')}
      text={t('Try another search or clear the filters.')}
      action={
        <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
          {t('Clear filters')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<IconFileInvoice size={28} />}
      title={t('No invoices yet')}
      text={staff ? t('Draft one from the shipments that are ready to invoice.') : t('Your invoices and credit notes appear here once issued.')}
    />
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('Invoices')}
        subtitle={
          staff
            ? t('Invoices and credit notes of every company, newest first')
            : user.company_name
              ? t('Invoices and credit notes of {company}', { company: user.company_name })
              : t('Invoices and credit notes of your company')
        }
        actions={
          staff ? (
            can(user.role, 'invoices:draft') && (
              <>
                <Button component={Link} to="/invoices/ready" variant="default" leftSection={<IconListCheck size={16} />}>
                  {t('Ready to invoice')}
                </Button>
                <Button component={Link} to="/invoices/new" leftSection={<IconPlus size={16} />}>
                  {t('New draft')}
                </Button>
              </>
            )
          ) : (
            can(user.role, 'statements:read') && (
              <Button component={Link} to="/statement" variant="default" leftSection={<IconReportMoney size={16} />}>
                {t('Statement and balance')}
              </Button>
            )
          )
        }
      />
      <InvoiceFilters staff={staff} companyName={search.company_id ? rows[0]?.company_name : undefined} />
      <ErrorBanner error={list.error} />
      <InvoiceList rows={rows} staff={staff} loading={list.isPending} empty={empty} />
      <Pager page={list.data?.page ?? 1} pageSize={INVOICES_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => setSearch({ page })} />
    </Stack>
  );
}
