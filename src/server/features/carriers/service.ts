import { ENGLISH, msg } from '@domain/common/i18n';
import { eq } from 'drizzle-orm';
import { carrierCodesFor, type Carrier, type CarrierListQuery, type carrierInputSchema } from '@domain/partners/schema';
import type { Db } from '@server/db/client';
import type { z } from 'zod';
import { carriers as t, shipments } from '@server/db/schema';
import { createOrganisationService } from '@server/features/partners/index';

type Values = z.output<typeof carrierInputSchema>;

const carriers = createOrganisationService<Carrier, CarrierListQuery, Values>({
  table: t,
  notFound: msg('Carrier not found'),
  extraColumns: { carrier_type: t.carrier_type, iata_prefix: t.iata_prefix, iata_code: t.iata_code, scac: t.scac, volumetric_divisor: t.volumetric_divisor },
  sortColumns: { name: t.name, country: t.country, carrier_type: t.carrier_type, created_at: t.created_at },
  searchColumns: [t.name, t.country],
  filters: ({ carrier_type }) => [carrier_type ? eq(t.carrier_type, carrier_type) : undefined],
  usedBy: shipments.carrier_id,
  inUseMessage: (name, n) => ENGLISH.t(msg('{name} cannot be deleted: it is the carrier of {count} shipment(s). Choose another carrier on those shipments first.'), { name, count: n }),
});

/**
 * Search on name or country (ignoring case and accents, trigram indexed) and the carrier_type filter, both in SQL, so the total
 * counts what matches; ordered by name (ICU collation) by default. The shipment form's picker uses it with carrier_type and q.
 */
export const listCarriers = carriers.list;
export const getCarrier = carriers.get;
/** The stored values: the codes of the carrier's type only (IATA for airlines, SCAC for the others), no divisor as null. */
const stored = (v: Values): Values => carrierCodesFor({ ...v, volumetric_divisor: v.volumetric_divisor ?? null });
export const createCarrier = (db: Db, v: Values) => carriers.create(db, stored(v));
export const updateCarrier = (db: Db, id: string, v: Values) => carriers.update(db, id, stored(v));
/** Deletes a carrier that no shipment uses; one that is in use answers 409 with the count (decision record 0121). */
export const deleteCarrier = carriers.remove;
