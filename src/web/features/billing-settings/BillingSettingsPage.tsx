import type { ReactElement } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { billingSettingsQuery } from './api';
import { BillingSettingsForm } from './BillingSettingsForm';

/** /settings/billing (issue 38, administrators): the seller's legal name, address, VAT number, bank and defaults. */
export function BillingSettingsPage(): ReactElement {
  const query = useQuery(billingSettingsQuery);
  return (
    <Stack gap="md" maw={960}>
      <PageHeader title={t('Billing settings')} subtitle={t('Your company as it appears on invoices, where customers pay, and the defaults of new invoices')} />
      <ErrorBanner error={query.error} />
      {query.isPending ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : (
        query.data && <BillingSettingsForm initial={query.data} />
      )}
    </Stack>
  );
}
