import { ENGLISH, msg } from '@domain/common/i18n';
import type { ConsolidationAgent, ConsolidationAgentListQuery, consolidationAgentInputSchema } from '@domain/partners/schema';
import type { z } from 'zod';
import { consolidation_agents as t, shipments } from '@server/db/schema';
import { createOrganisationService } from '@server/features/partners/index';

type Values = z.output<typeof consolidationAgentInputSchema>;

const agents = createOrganisationService<ConsolidationAgent, ConsolidationAgentListQuery, Values>({
  table: t,
  notFound: msg('Consolidation agent not found'),
  sortColumns: { name: t.name, country: t.country, created_at: t.created_at },
  searchColumns: [t.name, t.country],
  usedBy: shipments.consolidation_agent_id,
  inUseMessage: (name, n) => ENGLISH.t(msg('{name} cannot be deleted: it is the consolidation agent of {count} shipment(s). Choose another agent on those shipments first.'), { name, count: n }),
});

/** Search on name or country (ignoring case and accents, trigram indexed), ordered by name (ICU collation) by default; paged and counted in SQL. */
export const listConsolidationAgents = agents.list;
export const getConsolidationAgent = agents.get;
export const createConsolidationAgent = agents.create;
export const updateConsolidationAgent = agents.update;
/** Deletes an agent that no shipment uses; one that is in use answers 409 with the count (decision record 0121). */
export const deleteConsolidationAgent = agents.remove;
