/** How the rate pages name modes, bases and the lookup's reasons (marked for the catalog; translated where shown). */
import { msg } from '@domain/common/i18n';
import type { FreightBasis, RateMode, SurchargeBasis } from '@domain/rates/pricing';

/** The badge colour of a buy or a sell card. */
export const SIDE_COLORS: Record<'buy' | 'sell', string> = { buy: 'orange', sell: 'teal' };
export const MODE_LABELS: Record<RateMode, string> = { air: msg('Air'), sea_fcl: msg('Sea FCL'), sea_lcl: msg('Sea LCL'), land: msg('Land') };
export const BASIS_LABELS: Record<FreightBasis, string> = { per_kg: msg('per kg'), per_wm: msg('per W/M'), per_container: msg('per container'), per_load: msg('per load') };
export const SURCHARGE_LABELS: Record<SurchargeBasis, string> = {
  per_shipment: msg('per shipment'), per_kg: msg('per kg'), per_container: msg('per container'), percent_of_freight: msg('% of freight'),
};
export const REASON_LABELS: Record<string, string> = {
  expired: msg('Expired on the day'),
  not_yet_valid: msg('Not yet valid on the day'),
  equipment: msg('No container of its equipment'),
  weight: msg('Prices by weight: give the chargeable weight'),
  volume: msg('Prices by W/M: give the revenue tons'),
  superseded: msg('A card of higher priority prices these days'),
  no_exchange_rate: msg('No exchange rate for the day'),
};
