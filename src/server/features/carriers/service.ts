import { eq } from 'drizzle-orm';
import type { Carrier, CarrierListQuery, carrierInputSchema } from '../../../domain/partners';
import type { z } from 'zod';
import { carriers as t, shipments } from '../../db/schema';
import { createOrganisationService } from '../partners/service';

type Values = z.output<typeof carrierInputSchema>;

const carriers = createOrganisationService<Carrier, CarrierListQuery, Values>({
  table: t,
  notFound: 'Carrier not found',
  extraColumns: { carrier_type: t.carrier_type },
  sortColumns: { name: t.name, country: t.country, carrier_type: t.carrier_type, created_at: t.created_at },
  searchColumns: [t.name, t.country],
  filters: ({ carrier_type }) => [carrier_type ? eq(t.carrier_type, carrier_type) : undefined],
  usedBy: shipments.carrier_id,
  inUseMessage: (name, n) => `${name} cannot be deleted: it is the carrier of ${n} shipment(s). Choose another carrier on those shipments first.`,
});

/**
 * Search on name or country (escaped ilike, trigram indexed) and the carrier_type filter, both in SQL, so the total
 * counts what matches; ordered by name (ignoring case) by default. The shipment form's picker uses it with carrier_type and q.
 */
export const listCarriers = carriers.list;
export const getCarrier = carriers.get;
export const createCarrier = carriers.create;
export const updateCarrier = carriers.update;
/** Deletes a carrier that no shipment uses; one that is in use answers 409 with the count (decision record 0121). */
export const deleteCarrier = carriers.remove;
