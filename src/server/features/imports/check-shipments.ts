/**
 * Checks shipment rows as the shipment form would (schema, submit rules in order, references, check digits) and
 * stages each as the row values it will write: 'create', 'update' (with its history changes) or 'skip'.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { shipments } from '@server/db/schema';
import type { CarrierType } from '@domain/common/enums';
import { IMPORT_MESSAGES, cellText, columnOfField, findByName, indexByName, type ImportMode, type ImportProblem } from '@domain/imports/schema';
import { containerColumnsProblem, importStatusOf, shipmentFormFromRow, updatedShipmentForm } from '@domain/imports/shipment-rows';
import {
  normalizeShipment, referenceIssues, resolveLoadingType, shipmentFormIssues, shipmentInputSchema, transportOf, type Container,
} from '@domain/shipments/index';
import type { SessionUser } from '@server/http/context';
import { diffChanges, initialChanges, loadContainersOf, loadMoneyFields, toColumns } from '@server/features/shipments/index';
import type { Checker, CheckedRow, SourceRow, StagedRow } from './checker';

/** The form's fields: what an update starts from the stored shipment. */
const FORM_KEYS = Object.keys(shipmentInputSchema.shape);

type CarrierFacts = { id: string; carrier_type: CarrierType; iata_prefix: string | null; divisor: number | null };

/** The first problem of each column (a missing company is "not found", not also "required"). */
function firstPerColumn(problems: ImportProblem[]): ImportProblem[] {
  const seen = new Set<string | null>();
  return problems.filter((p) => (seen.has(p.column) ? false : (seen.add(p.column), true)));
}

export async function shipmentChecker(db: Db, user: SessionUser, mode: ImportMode): Promise<Checker> {
  const companyIndex = indexByName(await db.execute<{ id: string; name: string }>(sql`select id, name from companies`).then((r) => r.rows));
  const carrierRows = (
    await db.execute<{ id: string; name: string; carrier_type: CarrierType; iata_prefix: string | null; divisor: string | null }>(
      sql`select id, name, carrier_type, iata_prefix, volumetric_divisor as divisor from carriers`,
    )
  ).rows;
  const carrierIndex = indexByName(carrierRows);
  const carriers = new Map<string, CarrierFacts>(carrierRows.map((c) => [c.id, { ...c, divisor: c.divisor === null ? null : Number(c.divisor) }]));
  /** Reference number → the row it was first seen on, across the whole file. */
  const seen = new Map<string, number>();

  return {
    async check(batch: SourceRow[]): Promise<CheckedRow[]> {
      const portCountries = await portCountriesOf(db, batch);
      const refs = batch.map((r) => cellText(r.cells.reference_number)).filter(Boolean);
      const rows = refs.length ? await db.select().from(shipments).where(inArray(shipments.reference_number, refs)) : [];
      // Each with its sixteen money fields, read from its field lines (an update compares them too).
      const money = await loadMoneyFields(db, rows.map((s) => s.id));
      const existing = rows.map((s) => ({ ...s, ...money.get(s.id)! }));
      const byRef = new Map(existing.map((s) => [s.reference_number, s]));
      const oldContainers = mode === 'update' ? await loadContainersOf(db, existing.map((s) => s.id)) : new Map<string, Container[]>();

      return batch.map(({ row, cells, problems: cellProblems }): CheckedRow => {
        const problems: ImportProblem[] = [...cellProblems];
        const add = (field: string, message: string) => problems.push({ row, column: columnOfField('shipments', field), message });
        const ids = { company_id: null as string | null, carrier_id: null as string | null };
        const companyName = cellText(cells.company);
        if (companyName) {
          const found = findByName(companyIndex, companyName, 'Company not found', 'companies');
          if ('id' in found) ids.company_id = found.id;
          else add('company_id', found.problem);
        }
        const carrierName = cellText(cells.carrier);
        if (carrierName) {
          const found = findByName(carrierIndex, carrierName, 'Carrier not found', 'carriers');
          if ('id' in found) ids.carrier_id = found.id;
          else add('carrier_id', found.problem);
        }
        const status = importStatusOf(cells.status);
        if ('problem' in status) add('status', status.problem);
        const containers = containerColumnsProblem(cells);
        if (containers) add('containers.0.carrier_seal_number', containers);

        const fromRow = shipmentFormFromRow(cells, ids);
        const reference = cellText(fromRow.reference_number);
        const old = reference ? byRef.get(reference) : undefined;
        // An update keeps what the file has no column for; a new shipment is the file's row alone.
        const form = old && mode === 'update' ? updatedShipmentForm(old, oldContainers.get(old.id) ?? [], fromRow, FORM_KEYS) : fromRow;
        const loading = old ? { loading_type: (form.loading_type as 'export' | 'import' | null) ?? old.loading_type } : resolveLoadingType(user.role, form.loading_type as string | null);
        if ('issue' in loading) add(loading.issue.field, loading.issue.message);

        const parsed = shipmentInputSchema.safeParse(form);
        if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.') || '_', issue.message);
        for (const issue of shipmentFormIssues(parsed.success ? parsed.data : form)) add(issue.field, issue.message);

        if (reference) {
          const first = seen.get(reference);
          if (first !== undefined && first !== row) add('reference_number', IMPORT_MESSAGES.repeatedReference(reference, first));
          else seen.set(reference, row);
        }
        if (problems.length || !parsed.success || 'issue' in loading || 'problem' in status) return { row, problems: firstPerColumn(problems) };

        const input = parsed.data;
        for (const side of ['origin', 'destination'] as const) {
          const port = input[`${side}_port`];
          if (transportOf(input) === 'sea' && port && !input[`${side}_port_country`]) {
            const countries = portCountries.get(port) ?? [];
            if (countries.length === 1) input[`${side}_port_country`] = countries[0]!;
          }
        }
        const normalized = normalizeShipment(input);
        const carrier = normalized.carrier_id ? carriers.get(normalized.carrier_id) : undefined;
        const referenceFacts = {
          company: true,
          carrier_type: carrier?.carrier_type ?? null,
          iata_prefix: carrier?.iata_prefix ?? null,
          provider: true,
          agent: true,
          parties: { shipper: true, consignee: true, notify: true },
        };
        for (const issue of referenceIssues(normalized, referenceFacts)) add(issue.field, issue.message);
        if (problems.length) return { row, problems: firstPerColumn(problems) };

        const columns = toColumns(normalized, loading.loading_type, {
          carrierDivisor: carrier?.divisor ?? null,
          parties: { shipper: null, consignee: null, notify: null },
        });
        const staged: StagedRow = old
          ? mode === 'skip'
            ? { row, action: 'skip', key: reference, target_id: old.id, base_updated_at: old.updated_at, payload: {} }
            : (() => {
                const changes = diffChanges(old, oldContainers.get(old.id) ?? [], columns, normalized.containers);
                return Object.keys(changes).length === 0
                  ? { row, action: 'skip' as const, key: reference, target_id: old.id, base_updated_at: old.updated_at, payload: {} }
                  : { row, action: 'update' as const, key: reference, target_id: old.id, base_updated_at: old.updated_at, payload: { columns, containers: normalized.containers, changes } };
              })()
          : {
              row,
              action: 'create',
              key: reference,
              target_id: null,
              base_updated_at: null,
              payload: { columns, containers: normalized.containers, status: 'status' in status ? status.status : 'in_progress', changes: initialChanges(columns, 'status' in status ? status.status : 'in_progress', user.id) },
            };
        return { row, problems: [], staged: [staged] };
      });
    },
    finish: async () => [],
  };
}

/** The countries of the batch's sea ports by name (a port named without its country takes the country when it is the only one). */
async function portCountriesOf(db: Db, batch: SourceRow[]): Promise<Map<string, string[]>> {
  const names = [...new Set(batch.flatMap((r) => [r.cells.origin_port, r.cells.destination_port]).map(cellText).filter(Boolean))];
  if (names.length === 0) return new Map();
  const rows = await db.execute<{ name: string; countries: string[] }>(
    sql`select name, array_agg(distinct country) as countries from seaports where name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) group by name`,
  );
  return new Map(rows.rows.map((r) => [r.name, r.countries]));
}
