import { ENGLISH, msg } from '@domain/common/i18n';
import { eq } from 'drizzle-orm';
import { serviceTypeOnEditError, type ServiceProvider, type ServiceProviderListQuery, type serviceProviderCreateSchema, type serviceProviderUpdateSchema } from '@domain/partners/schema';
import type { z } from 'zod';
import type { Db } from '@server/db/client';
import { service_providers as t, shipments } from '@server/db/schema';
import { invalid, notFound } from '@server/http/errors';
import { createOrganisationService } from '@server/features/partners/index';

type Values = z.output<typeof serviceProviderUpdateSchema>;
type NewValues = z.output<typeof serviceProviderCreateSchema>;

const NOT_FOUND = msg('Service provider not found');

const providers = createOrganisationService<ServiceProvider, ServiceProviderListQuery, NewValues, Values>({
  table: t,
  notFound: NOT_FOUND,
  extraColumns: { service_type: t.service_type },
  sortColumns: { name: t.name, country: t.country, service_type: t.service_type, created_at: t.created_at },
  searchColumns: [t.name, t.country, t.service_type],
  usedBy: shipments.service_provider_id,
  inUseMessage: (name, n) => ENGLISH.t(msg('{name} cannot be deleted: it is the service provider of {count} shipment(s). Choose another service provider on those shipments first.'), { name, count: n }),
});

/** Search on name, country or service type (ignoring case and accents, trigram indexed), by name (ICU collation) by default; paged and counted in SQL. */
export const listServiceProviders = providers.list;
export const getServiceProvider = providers.get;
export const createServiceProvider = providers.create;

/**
 * Editing offers every service type but Consolidation Agent; a provider that already has it (or an older type)
 * keeps it (decision record 0122). The check reads the stored type in the same transaction, locked.
 */
export async function updateServiceProvider(db: Db, id: string, values: Values): Promise<ServiceProvider> {
  providers.checkId(id);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ service_type: t.service_type }).from(t).where(eq(t.id, id)).for('update');
    if (!current) throw notFound(NOT_FOUND);
    const error = serviceTypeOnEditError(values.service_type, current.service_type);
    if (error) throw invalid(error, { service_type: error });
    const [row] = await tx.update(t).set(values).where(eq(t.id, id)).returning(providers.columns);
    return providers.toRow(row!);
  });
}

/** Deletes a service provider that no shipment uses; one that is in use answers 409 with the count (decision record 0121). */
export const deleteServiceProvider = providers.remove;
