import { lazy, Suspense, useDeferredValue, type ReactElement } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { incotermLabel } from '@domain/cargo/trade-numbers';
import { formatDate } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { customsStatusLabel } from '../labels';
import { useUser } from '@web/features/auth';
import { shipmentQuery } from './api';
import { Field, FieldGrid } from '@web/ui/DetailParts';
import { ChecklistSection, checklistQuery } from '@web/features/checklist';
import { LoadProblem } from '@web/ui/LoadProblem';
import { BackLink } from '@web/ui/BackLink';
import { ShipmentHeader } from './ShipmentHeader';
import { WhereItIs } from './WhereItIs';
import { shipmentCarrierEventsQuery } from '@web/features/carrier-events';
import { AfterFirstPaint } from '@web/ui/AfterFirstPaint';
import { RemoveBootPage } from '@web/ui/BootShell';
import { prefetchShipmentSections } from './sections-prefetch';
import { can, isCustomer } from '@domain/access/permissions';

const CustomerShipmentBelow = lazy(() => import('./CustomerShipmentBelow').then((m) => ({ default: m.CustomerShipmentBelow })));

/**
 * /all-shipments/{id}: the customer view (reduced fields, no Transport Details, money or internal notes;
 * the API sends a customer nothing else). Staff who open it see the same reduced view, admins with Edit.
 */
export function CustomerShipmentPage(): ReactElement {
  const { id } = useParams({ from: '/app/all-shipments/$id' });
  const user = useUser();
  const client = useQueryClient();
  const query = useQuery(shipmentQuery(id));
  // Fetched alongside the shipment and waited for: the checklist sits first on the page, and arriving later it
  // pushed everything below it down (a layout shift of 0.38 on a phone, issue 17).
  const checklist = useQuery(checklistQuery(id));
  // The carrier's latest event is on the first screen too (issue 45): fetched alongside, waited for likewise.
  const events = useQuery(shipmentCarrierEventsQuery(id));
  // Rendered as a transition once all are here: in slices, not one long task (issue 17, decision 0247).
  const s = useDeferredValue(checklist.isPending || events.isPending ? undefined : query.data);

  if (query.error) {
    return (
      <>
        <RemoveBootPage />
        <LoadProblem error={query.error} backTo="/all-shipments" backLabel={t('Back to All Shipments')} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!s) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="lg">
      {/* The HTML's drawing of this header goes in the commit that draws it (decision 0306). */}
      <RemoveBootPage />
      <BackLink to="/all-shipments" label={t('Back to All Shipments')} />
      <ShipmentHeader shipment={s} canEdit={can(user.role, 'shipments:edit')}>
        <FieldGrid cols={4}>
          <Field label={t('Created')}>{formatDate(s.created_at)}</Field>
          <Field label={t('BL Number')}>{s.customer_reference}</Field>
          {s.carrier_booking_reference && <Field label={t('Carrier Booking Reference')}>{s.carrier_booking_reference}</Field>}
          {s.po_number && <Field label={t('PO Number')}>{s.po_number}</Field>}
          <Field label={t('Incoterm')}>{incotermLabel(s)}</Field>
          {s.tracking_number && <Field label={t('Tracking Number')}>{s.tracking_number}</Field>}
          {s.customs_status && <Field label={t('Customs Status')}>{customsStatusLabel(s.customs_status)}</Field>}
        </FieldGrid>
      </ShipmentHeader>

      {/* Where it is and when it arrives, first on a phone (issue 45); then the papers the shipment needs (issue 16). */}
      <WhereItIs shipment={s} />

      <ChecklistSection shipmentId={s.id} customer={isCustomer(user.role)} />

      {/* Below the first screen on a phone: its code loads, and it renders in slices, after the header and the checklist
          are shown (decision records 0247, 0248). */}
      <AfterFirstPaint onShow={() => prefetchShipmentSections(client, s.id)}>
        <Suspense fallback={null}>
          <CustomerShipmentBelow shipment={s} role={user.role} />
        </Suspense>
      </AfterFirstPaint>
    </Stack>
  );
}
