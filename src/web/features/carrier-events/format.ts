import type { CarrierEventClassifier } from '@domain/carrier-events/titles';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';

/** How a carrier event's classifier reads and its badge's colour. */
export const CLASSIFIER: Record<CarrierEventClassifier, { label: string; color: string }> = {
  actual: { label: msg('Actual'), color: 'green' },
  estimated: { label: msg('Estimated'), color: 'blue' },
  planned: { label: msg('Planned'), color: 'gray' },
};

type Located = { location_name: string | null; location_code: string | null };
type Sailed = { vessel_name: string | null; voyage: string | null };

/** 'Rotterdam (NLRTM)': an event's place, as much as the carrier sent. */
export const eventPlace = (e: Located): string => [e.location_name, e.location_code && `(${e.location_code})`].filter(Boolean).join(' ');

/** 'MSC Gülsün · voyage 245W': the vessel and voyage of an event, when the carrier sent them. */
export const eventVessel = (e: Sailed): string => [e.vessel_name, e.voyage && t('voyage {voyage}', { voyage: e.voyage })].filter(Boolean).join(' · ');
