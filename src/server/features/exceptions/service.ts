/**
 * Delay and exception alerts (issue 17, decision record 0230): counts and lists of the shipments a rule of
 * src/domain/exceptions/schema.ts holds for, for one handler (their own shipments) or for an admin (every shipment).
 *
 * Counts: the day counters of migration 0019 up to the cut-off's UTC day, plus that day's part read through the rule's
 * partial index. Lists: the same partial index, newest due first. Every predicate below is the index's own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { exception_settings } from '@server/db/schema';
import {
  ARRIVAL_MOVED_WINDOW_DAYS, DEFAULT_EXCEPTION_SETTINGS,
  type ExceptionCounts, type ExceptionKind, type ExceptionTab, type ExceptionListQuery, type ExceptionRow, type ExceptionSettings, type ExceptionSettingsView,
} from '@domain/exceptions/schema';
import type { Page } from '@domain/common/list-schema';
import type { Actor, SessionUser } from '@server/http/context';
import { offsetOf, toPage } from '@server/http/list';
import { recordAudit } from '@server/audit/audit-log';
import { overdueCountSql } from '@server/features/checklist/index';
import { can } from '@domain/access/permissions';
import { isoOrNull, isoTime } from '@server/db/times';

/** The counters' key for "every shipment". */
const ALL = '00000000-0000-0000-0000-000000000000';

/** Whose shipments: an admin sees every one; a handler their own. */
export type Scope = Pick<SessionUser, 'id' | 'role'>;
const handlerOf = (user: Scope): string | null => (can(user.role, 'shipments:any_handler') ? null : user.id);

type DueRule = { counter: string; column: SQL; where: SQL; cutoff: (s: ExceptionSettings) => SQL };

// The partial indexes' predicates (migration 0019), written once.
const BEFORE_DEPARTURE = sql.raw(`s.status IN ('pending', 'pending_approval', 'approved', 'in_progress')`);
const NOT_ARRIVED = sql.raw(`s.status NOT IN ('delivered', 'completed')`);

const DUE: Record<Exclude<ExceptionKind, 'arrival_moved'>, DueRule> = {
  departure_overdue: {
    counter: 'departure',
    column: sql`s.estimated_departure`,
    where: sql`${BEFORE_DEPARTURE} AND s.estimated_departure IS NOT NULL`,
    cutoff: () => sql`now()`,
  },
  arrival_overdue: {
    counter: 'arrival',
    column: sql`s.estimated_arrival`,
    where: sql`${NOT_ARRIVED} AND s.estimated_arrival IS NOT NULL`,
    cutoff: () => sql`now()`,
  },
  no_change: {
    counter: 'no_change',
    column: sql`s.updated_at`,
    where: NOT_ARRIVED,
    cutoff: (st) => sql`(now() - make_interval(days => ${st.no_change_days}::int))`,
  },
};

const handlerFilter = (handler: string | null) => (handler ? sql` AND s.handler_id = ${handler}` : sql``);

/** The exact count of a due rule: whole days from the counters, the cut-off's own day from the index. */
function dueCount(rule: DueRule, st: ExceptionSettings, handler: string | null): SQL {
  const cutoff = rule.cutoff(st);
  const cutoffDay = sql`(${cutoff} AT TIME ZONE 'UTC')::date`;
  return sql`(
    (SELECT coalesce(sum(n), 0)::int FROM shipment_due_stats
      WHERE kind = ${rule.counter} AND handler_key = ${handler ?? ALL} AND day < ${cutoffDay})
    + (SELECT count(*)::int FROM shipments s
      WHERE ${rule.where}${handlerFilter(handler)}
        AND ${rule.column} >= (${cutoffDay}::timestamp AT TIME ZONE 'UTC') AND ${rule.column} < ${cutoff}))`;
}

/** The arrival moved by more than the threshold within the window, on a shipment still expected. */
function movedWhere(st: ExceptionSettings, handler: string | null): SQL {
  return sql`s.arrival_shifted_at IS NOT NULL
    AND s.arrival_shifted_at > now() - make_interval(days => ${ARRIVAL_MOVED_WINDOW_DAYS}::int)
    AND abs(s.arrival_shift_days) > ${st.arrival_moved_days}::int
    AND ${NOT_ARRIVED}${handlerFilter(handler)}`;
}

export async function getExceptionSettings(db: Db): Promise<ExceptionSettingsView> {
  const r = await db.execute<{ arrival_moved_days: number; no_change_days: number; updated_at: Date | string; updated_by_name: string | null }>(sql`
    SELECT e.arrival_moved_days, e.no_change_days, e.updated_at, u.full_name AS updated_by_name
    FROM exception_settings e LEFT JOIN users u ON u.id = e.updated_by WHERE e.id = 1`);
  const row = r.rows[0];
  if (!row) return { ...DEFAULT_EXCEPTION_SETTINGS, updated_at: null, updated_by_name: null };
  return {
    arrival_moved_days: Number(row.arrival_moved_days),
    no_change_days: Number(row.no_change_days),
    updated_at: row.updated_by_name ? new Date(row.updated_at).toISOString() : null,
    updated_by_name: row.updated_by_name,
  };
}

const thresholds = (v: ExceptionSettingsView): ExceptionSettings => ({ arrival_moved_days: v.arrival_moved_days, no_change_days: v.no_change_days });

/** The four counts of the user's scope and its overdue checklist documents, in one statement. */
export async function countExceptions(db: Db, user: Scope): Promise<ExceptionCounts> {
  const st = thresholds(await getExceptionSettings(db));
  const handler = handlerOf(user);
  const r = await db.execute<Record<ExceptionTab, number>>(sql`SELECT
    ${dueCount(DUE.departure_overdue, st, handler)} AS departure_overdue,
    ${dueCount(DUE.arrival_overdue, st, handler)} AS arrival_overdue,
    (SELECT count(*)::int FROM shipments s WHERE ${movedWhere(st, handler)}) AS arrival_moved,
    ${dueCount(DUE.no_change, st, handler)} AS no_change,
    ${overdueCountSql(user)} AS checklist_overdue`);
  const row = r.rows[0]!;
  return {
    departure_overdue: Number(row.departure_overdue),
    arrival_overdue: Number(row.arrival_overdue),
    arrival_moved: Number(row.arrival_moved),
    no_change: Number(row.no_change),
    checklist_overdue: Number(row.checklist_overdue),
    scope: handler ? 'mine' : 'all',
    settings: st,
  };
}

type RawRow = Omit<ExceptionRow, 'estimated_departure' | 'estimated_arrival' | 'updated_at' | 'since' | 'shift_days'> & {
  estimated_departure: Date | string | null;
  estimated_arrival: Date | string | null;
  updated_at: Date | string;
  since: Date | string;
  shift_days: string | number | null;
};

/** One page of a rule's shipments, newest due first (or oldest with dir=asc), with the exact total. */
export async function listExceptions(db: Db, user: Scope, q: ExceptionListQuery & { page: number; pageSize: number }): Promise<Page<ExceptionRow>> {
  const st = thresholds(await getExceptionSettings(db));
  const handler = handlerOf(user);
  const kind = q.kind ?? 'departure_overdue';
  const dir = q.dir === 'asc' ? sql.raw('ASC') : sql.raw('DESC');
  let column: SQL;
  let where: SQL;
  let total: SQL;
  if (kind === 'arrival_moved') {
    column = sql`s.arrival_shifted_at`;
    where = movedWhere(st, handler);
    total = sql`(SELECT count(*)::int FROM shipments s WHERE ${where})`;
  } else {
    const rule = DUE[kind];
    column = rule.column;
    where = sql`${rule.where}${handlerFilter(handler)} AND ${rule.column} < ${rule.cutoff(st)}`;
    total = dueCount(rule, st, handler);
  }
  const [rows, count] = await Promise.all([
    db.execute<RawRow>(sql`
      SELECT s.id, s.reference_number, s.type, s.status, c.name AS company_name, u.full_name AS handler_name,
        s.origin_city, s.origin_country, s.destination_city, s.destination_country,
        s.estimated_departure, s.estimated_arrival, s.updated_at, ${column} AS since,
        CASE WHEN ${kind === 'arrival_moved'} THEN s.arrival_shift_days END AS shift_days
      FROM shipments s
      LEFT JOIN companies c ON c.id = s.company_id
      LEFT JOIN users u ON u.id = s.handler_id
      WHERE ${where}
      ORDER BY ${column} ${dir}, s.id ${dir}
      LIMIT ${q.pageSize} OFFSET ${offsetOf(q.page, q.pageSize)}`),
    db.execute<{ n: number }>(sql`SELECT ${total} AS n`),
  ]);
  const out = rows.rows.map((r) => ({
    ...r,
    estimated_departure: isoOrNull(r.estimated_departure),
    estimated_arrival: isoOrNull(r.estimated_arrival),
    updated_at: isoTime(r.updated_at),
    since: isoTime(r.since),
    shift_days: r.shift_days === null ? null : Number(r.shift_days),
  }));
  return toPage(out, Number(count.rows[0]!.n), q.page, q.pageSize);
}

/** Sets the thresholds (admins; audited with the old and new values). */
export async function setExceptionSettings(db: Db, input: ExceptionSettings, actor: Actor): Promise<ExceptionSettingsView> {
  const before = await getExceptionSettings(db);
  await db.transaction(async (tx) => {
    const values = { ...input, updated_at: new Date(), updated_by: actor.user.id };
    await tx.insert(exception_settings).values({ id: 1, ...values }).onConflictDoUpdate({ target: exception_settings.id, set: values });
    if (before.arrival_moved_days !== input.arrival_moved_days || before.no_change_days !== input.no_change_days) {
      await recordAudit(tx, {
        action: 'settings.exception_thresholds',
        actor: actor.user,
        target: 'Exception alert thresholds',
        details: { before: thresholds(before), after: input },
        ip: actor.ip,
      });
    }
  });
  return getExceptionSettings(db);
}
