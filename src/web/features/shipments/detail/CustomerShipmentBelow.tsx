import type { ReactElement } from 'react';
import { Grid, Stack } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { isStaffRole, type Role } from '@domain/common/enums';
import { transportOf } from '@domain/shipments/labels';
import type { CustomerShipment } from '@domain/shipments/index';
import { showsTrackingMap, TRACKING_FRAME_HEIGHT } from '@domain/shipments/tracking';
import { CarrierEventsTimeline } from '@web/features/carrier-events';
import { ThreadPanel } from '@web/features/messages';
import { ShareLinksSection } from '@web/features/share-links';
import { CargoSection } from './CargoDetails';
import { Section, TextBlock } from '@web/ui/DetailParts';
import { DocumentsSection } from './DocumentsSection';
import { PartiesSection } from './PartiesDetails';
import { ContainersSection, LocationSection, ScheduleSection } from './ShipmentSections';
import { StatusMilestones } from './StatusMilestones';
import { TrackingFrame } from '@web/features/tracking';
import { AfterFirstPaint } from '@web/ui/AfterFirstPaint';
import { ShipmentChargesCard } from '@web/features/charges';
import { t } from '@web/lib/i18n';

/**
 * The customer shipment page below its header and checklist: the cargo, parties, places, dates and containers, then
 * the milestones, carrier events, messages, documents and share links, and the tracking map. Its own chunk, loaded
 * once the first screen is shown (CustomerShipmentPage.tsx, decision record 0248): a phone's first paint no longer
 * waits for the message forms, the share-link dialog and their schemas.
 */
export function CustomerShipmentBelow({ shipment: s, role }: { shipment: CustomerShipment; role: Role }): ReactElement {
  const staff = isStaffRole(role);
  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <CargoSection shipment={s} staff={false} />
            <PartiesSection shipment={s} />
            <LocationSection shipment={s} />
            <ScheduleSection shipment={s} />
            {transportOf(s) === 'sea' && <ContainersSection shipment={s} stackOnPhone />}
            <Section title={t('Special Instructions')} icon={<IconNotes size={18} />}>
              <TextBlock text={s.special_instructions} empty={t('No special instructions')} />
            </Section>
            <ShipmentChargesCard shipmentId={s.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {/* One group after another, each once the one before is painted: rendered and laid out at once, the column
              was one task of 150 ms on a phone (decision record 0248). */}
          <Stack gap="lg">
            <AfterFirstPaint>
              <StatusMilestones shipmentId={s.id} />
              <CarrierEventsTimeline shipmentId={s.id} />
              <AfterFirstPaint>
                <ThreadPanel kind="shipment" subjectId={s.id} staff={staff} />
                <AfterFirstPaint>
                  <DocumentsSection shipmentId={s.id} reference={s.reference_number} variant="customer" canAdd={staff} />
                  <ShareLinksSection shipmentId={s.id} reference={s.reference_number} />
                </AfterFirstPaint>
              </AfterFirstPaint>
            </AfterFirstPaint>
          </Stack>
        </Grid.Col>
      </Grid>

      {showsTrackingMap(s, 'customer', transportOf(s)) && s.customer_reference && (
        <TrackingFrame
          key={`${s.tracking_embed_url}|${s.customer_reference}`}
          title={t('Container Tracking')}
          embedUrl={s.tracking_embed_url}
          code={s.customer_reference}
          height={TRACKING_FRAME_HEIGHT.customer}
          staff={staff}
        />
      )}
    </>
  );
}
