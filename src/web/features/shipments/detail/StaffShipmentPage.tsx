import type { ReactElement } from 'react';
import { Center, Grid, Loader, Stack } from '@mantine/core';
import { IconLock, IconNotes } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { isStaffRole } from '@domain/common/enums';
import { incotermLabel, transportOf, type ShipmentDetail } from '@domain/shipments/index';
import { showsTrackingMap, TRACKING_FRAME_HEIGHT } from '@domain/shipments/tracking';
import { formatDate } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { customsStatusLabel, loadingTypeLabel, paymentTermsLabel } from '../labels';
import { useUser } from '@web/features/auth';
import { isStaffDetail, shipmentQuery } from './api';
import { CargoSection } from './CargoDetails';
import { DataChecksAlert, checksByField } from './DataChecks';
import { Field, FieldGrid, Section, TextBlock } from '@web/ui/DetailParts';
import { DocumentsSection } from './DocumentsSection';
import { ShareLinksSection } from '@web/features/share-links';
import { GeneratedDocumentsSection } from '@web/features/generated-documents';
import { ChecklistSection } from '@web/features/checklist';
import { ShipmentChargesPanel } from '@web/features/charges';
import { FinancialSummary } from './FinancialSummary';
import { HistoryTimeline } from './HistoryTimeline';
import { CarrierEventsTimeline } from '@web/features/carrier-events';
import { LoadProblem } from '@web/ui/LoadProblem';
import { BackLink } from '@web/ui/BackLink';
import { ShipmentHeader } from './ShipmentHeader';
import { PartiesSection } from './PartiesDetails';
import { ContainersSection, LocationSection, ScheduleSection, TransportSection } from './ShipmentSections';
import { StatusControl } from './StatusControl';
import { HandlerCard } from '../handler/HandlerCard';
import { ThreadPanel } from '@web/features/messages';
import { TrackingFrame } from '@web/features/tracking';
import { can } from '@domain/access/permissions';

/** Record ids the history can show by name (the shipment's current company, handler, editor and partners). */
function knownNames(s: ShipmentDetail): Record<string, string> {
  const pairs: [string | null, string | null][] = [
    [s.company_id, s.company_name],
    [s.handler_id, s.handler_full_name],
    [s.updated_by, s.updated_by_full_name],
    [s.carrier_id, s.carrier_record_name],
    [s.service_provider_id, s.service_provider_name],
    [s.consolidation_agent_id, s.consolidation_agent_name],
  ];
  return Object.fromEntries(pairs.filter((p): p is [string, string] => !!p[0] && !!p[1]));
}

/** /shipment/{id}: the staff detail with status changes, history, money, internal notes and live tracking. */
export function StaffShipmentPage(): ReactElement {
  const { id } = useParams({ from: '/app/shipment/$id' });
  const user = useUser();
  const query = useQuery(shipmentQuery(id));

  if (query.error) return <LoadProblem error={query.error} backTo="/dashboard" backLabel={t('Back to Shipments')} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  const s = query.data;
  if (!isStaffDetail(s)) return <LoadProblem error={new Error(t('This page is for staff.'))} backTo="/dashboard" backLabel={t('Back to Shipments')} onRetry={() => void query.refetch()} />;
  const sea = transportOf(s) === 'sea';
  const tracked = showsTrackingMap(s, 'staff', transportOf(s));
  const checks = checksByField(s.data_checks);

  return (
    <Stack gap="lg">
      <BackLink to="/dashboard" label={t('Back to Shipments')} />
      <DataChecksAlert checks={s.data_checks} />
      <ShipmentHeader shipment={s} canEdit={can(user.role, 'shipments:edit')}>
        <FieldGrid cols={5}>
          <Field label={t('Handler')}>{s.handler_full_name ?? t('Unassigned')}</Field>
          <Field label={t('Created')}>{formatDate(s.created_at)}</Field>
          <Field label={t('BL Number')}>{s.customer_reference}</Field>
          {s.carrier_booking_reference && <Field label={t('Carrier Booking Reference')}>{s.carrier_booking_reference}</Field>}
          {s.po_number && <Field label={t('PO Number')}>{s.po_number}</Field>}
          <Field label={t('Incoterm')}>{incotermLabel(s)}</Field>
          <Field label={t('Loading Type')}>{loadingTypeLabel(s.loading_type)}</Field>
          {s.tracking_number && <Field label={t('Tracking Number')}>{s.tracking_number}</Field>}
          {s.customs_status && <Field label={t('Customs Status')}>{customsStatusLabel(s.customs_status)}</Field>}
          {s.customs_declaration_number && <Field label={t('Customs Declaration')}>{s.customs_declaration_number}</Field>}
          {s.payment_terms && <Field label={t('Payment Terms')}>{paymentTermsLabel(s.payment_terms)}</Field>}
        </FieldGrid>
      </ShipmentHeader>

      {/* The document checklist (issue 16) spans the page: its table needs more room than either column has at 1280 px. */}
      <ChecklistSection shipmentId={s.id} customer={false} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <CargoSection shipment={s} staff />
            <PartiesSection shipment={s} />
            <LocationSection shipment={s} />
            <ScheduleSection shipment={s} />
            <TransportSection shipment={s} checks={checks} />
            {sea && <ContainersSection shipment={s} checks={checks} />}
            <Section title={t('Special Instructions')} icon={<IconNotes size={18} />}>
              <TextBlock text={s.special_instructions} empty={t('No special instructions')} />
            </Section>
            <FinancialSummary shipment={s} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <HandlerCard shipment={s} user={user} />
            <StatusControl shipment={s} user={user} />
            <ThreadPanel kind="shipment" subjectId={s.id} staff />
            <Section title={t('Internal Notes')} icon={<IconLock size={18} />}>
              <TextBlock text={s.internal_notes} empty={t('No internal notes')} />
            </Section>
            <DocumentsSection shipmentId={s.id} reference={s.reference_number} variant="staff" canAdd={isStaffRole(user.role)} />
            <GeneratedDocumentsSection shipmentId={s.id} canGenerate={can(user.role, 'shipments:any_handler') || s.handler_id === user.id} />
            <ShareLinksSection shipmentId={s.id} reference={s.reference_number} />
            <CarrierEventsTimeline shipmentId={s.id} />
            <HistoryTimeline shipmentId={s.id} names={knownNames(s)} />
          </Stack>
        </Grid.Col>
      </Grid>

      {/* The job's charge lines (issue 38) span the page, as the checklist does: their tables need the width. */}
      <ShipmentChargesPanel shipmentId={s.id} canEdit={can(user.role, 'shipments:any_handler') || s.handler_id === user.id} currency={s.currency} />

      {tracked && (
        <TrackingFrame
          key={`${s.tracking_embed_url}|${s.customer_reference}`}
          title={t('Live Tracking')}
          embedUrl={s.tracking_embed_url}
          code={s.customer_reference!}
          height={TRACKING_FRAME_HEIGHT.staff}
          staff
        />
      )}
    </Stack>
  );
}
