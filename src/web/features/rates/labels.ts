/** How the rate pages name modes, bases and the lookup's reasons. */
import type { FreightBasis, RateMode, SurchargeBasis } from '@domain/rates/pricing';

export const MODE_LABELS: Record<RateMode, string> = { air: 'Air', sea_fcl: 'Sea FCL', sea_lcl: 'Sea LCL', land: 'Land' };
export const BASIS_LABELS: Record<FreightBasis, string> = { per_kg: 'per kg', per_wm: 'per W/M', per_container: 'per container', per_load: 'per load' };
export const SURCHARGE_LABELS: Record<SurchargeBasis, string> = { per_shipment: 'per shipment', per_kg: 'per kg', per_container: 'per container', percent_of_freight: '% of freight' };
export const REASON_LABELS: Record<string, string> = {
  expired: 'Expired on the day',
  not_yet_valid: 'Not yet valid on the day',
  equipment: 'No container of its equipment',
  weight: 'Prices by weight: give the chargeable weight',
  volume: 'Prices by W/M: give the revenue tons',
  superseded: 'A card of higher priority prices these days',
  no_exchange_rate: 'No exchange rate for the day',
};
