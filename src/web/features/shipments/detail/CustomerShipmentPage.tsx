import { useDeferredValue, type ReactElement } from 'react';
import { Center, Grid, Loader, Stack } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { isStaffRole } from '../../../../domain/enums';
import { incotermLabel, statusLabel, transportOf } from '../../../../domain/shipments';
import { showsTrackingMap, TRACKING_FRAME_HEIGHT } from '../../../../domain/tracking';
import { formatDate } from '../../../lib/format';
import { useUser } from '../../auth/auth-context';
import { shipmentQuery } from './api';
import { CargoSection } from './CargoDetails';
import { Field, FieldGrid, Section, TextBlock } from './DetailParts';
import { DocumentsSection } from './DocumentsSection';
import { ShareLinksSection } from '../../share-links/ShareLinksSection';
import { ChecklistSection } from '../../checklist/ChecklistSection';
import { checklistQuery } from '../../checklist/api';
import { CarrierEventsTimeline } from '../../carrier-events/CarrierEventsTimeline';
import { LoadProblem } from './LoadProblem';
import { BackLink, ShipmentHeader } from './ShipmentHeader';
import { PartiesSection } from './PartiesDetails';
import { ContainersSection, LocationSection, ScheduleSection } from './ShipmentSections';
import { StatusMilestones } from './StatusMilestones';
import { TrackingFrame } from './TrackingFrame';
import { ThreadPanel } from '../../messages/ThreadPanel';
import { AfterFirstPaint } from '../../../ui/AfterFirstPaint';

/**
 * /all-shipments/{id}: the customer view (reduced fields, no Transport Details, money or internal notes;
 * the API sends a customer nothing else). Staff who open it see the same reduced view, admins with Edit.
 */
export function CustomerShipmentPage(): ReactElement {
  const { id } = useParams({ from: '/app/all-shipments/$id' });
  const user = useUser();
  const query = useQuery(shipmentQuery(id));
  // Fetched alongside the shipment and waited for: the checklist sits first on the page, and arriving later it
  // pushed everything below it down (a layout shift of 0.38 on a phone, issue 17).
  const checklist = useQuery(checklistQuery(id));
  // Rendered as a transition once both are here: in slices, not one long task (issue 17, decision 0247).
  const s = useDeferredValue(checklist.isPending ? undefined : query.data);

  if (query.error) return <LoadProblem error={query.error} backTo="/all-shipments" backLabel="Back to All Shipments" onRetry={() => void query.refetch()} />;
  if (!s) {
    return (
      <Center py={80}>
        <Loader size="sm" />
      </Center>
    );
  }
  const sea = transportOf(s) === 'sea';

  return (
    <Stack gap="lg">
      <BackLink to="/all-shipments" label="Back to All Shipments" />
      <ShipmentHeader shipment={s} canEdit={user.role === 'admin'}>
        <FieldGrid cols={4}>
          <Field label="Created">{formatDate(s.created_at)}</Field>
          <Field label="BL Number">{s.customer_reference}</Field>
          {s.carrier_booking_reference && <Field label="Carrier Booking Reference">{s.carrier_booking_reference}</Field>}
          <Field label="Incoterm">{incotermLabel(s)}</Field>
          {s.tracking_number && <Field label="Tracking Number">{s.tracking_number}</Field>}
          {s.customs_status && <Field label="Customs Status">{statusLabel(s.customs_status)}</Field>}
        </FieldGrid>
      </ShipmentHeader>

      {/* The documents the shipment needs (issue 16), first and across the page: a customer comes here to upload theirs. */}
      <ChecklistSection shipmentId={s.id} customer={user.role === 'customer'} />

      {/* Below the first screen on a phone: rendered in slices after the header and the checklist are shown. */}
      <AfterFirstPaint>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <CargoSection shipment={s} staff={false} />
              <PartiesSection shipment={s} />
              <LocationSection shipment={s} />
              <ScheduleSection shipment={s} />
              {sea && <ContainersSection shipment={s} stackOnPhone />}
              <Section title="Special Instructions" icon={<IconNotes size={18} />}>
                <TextBlock text={s.special_instructions} empty="No special instructions" />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <StatusMilestones shipmentId={s.id} />
              <CarrierEventsTimeline shipmentId={s.id} />
              <ThreadPanel kind="shipment" subjectId={s.id} staff={isStaffRole(user.role)} />
              <DocumentsSection shipmentId={s.id} reference={s.reference_number} variant="customer" canAdd={isStaffRole(user.role)} />
              <ShareLinksSection shipmentId={s.id} reference={s.reference_number} />
            </Stack>
          </Grid.Col>
        </Grid>

        {showsTrackingMap(s, 'customer', transportOf(s)) && s.customer_reference && (
          <TrackingFrame
            key={`${s.tracking_embed_url}|${s.customer_reference}`}
            title="Container Tracking"
            embedUrl={s.tracking_embed_url}
            code={s.customer_reference}
            height={TRACKING_FRAME_HEIGHT.customer}
            staff={user.role !== 'customer'}
          />
        )}
      </AfterFirstPaint>
    </Stack>
  );
}
