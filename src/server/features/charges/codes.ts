/**
 * Charge codes (FRT, BAF, THC ...; issue 38, decision record 0258): the list staff pick from on the Charges panel,
 * which administrators extend. A code is retired (inactive) rather than deleted: the lines that use it keep it.
 */
import { asc, count, eq, or, type SQL, and } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { charge_codes } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { conflict, isUniqueViolation, notFound } from '@server/http/errors';
import { contains, offsetOf, toPage } from '@server/http/list';
import { recordAudit } from '@server/audit/audit-log';
import type { Page } from '@domain/common/list-schema';
import type { ChargeCategory } from '@domain/billing/lines';
import { CHARGE_MESSAGES } from '@domain/billing/charge-rules';
import type { ChargeCode, ChargeCodeInput, ChargeCodeListQuery, ChargeCodePatch } from '@domain/billing/charges-schema';

const columns = { code: charge_codes.code, category: charge_codes.category, name: charge_codes.name, active: charge_codes.active };
const toCode = (r: { code: string; category: string; name: string; active: boolean }): ChargeCode => ({ ...r, category: r.category as ChargeCategory });

/** The list by code, searched in code and name, filtered by in use or retired. */
export async function listChargeCodes(db: Db, q: ChargeCodeListQuery): Promise<Page<ChargeCode>> {
  const where: SQL[] = [];
  if (q.q) where.push(or(contains(charge_codes.code, q.q), contains(charge_codes.name, q.q))!);
  if (q.active) where.push(eq(charge_codes.active, q.active === 'true'));
  const condition = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    db.select(columns).from(charge_codes).where(condition).orderBy(asc(charge_codes.code)).limit(q.pageSize).offset(offsetOf(q.page, q.pageSize)),
    db.select({ n: count() }).from(charge_codes).where(condition),
  ]);
  return toPage(rows.map(toCode), Number(totals[0]?.n ?? 0), q.page, q.pageSize);
}

export async function addChargeCode(db: Db, actor: Actor, input: ChargeCodeInput): Promise<ChargeCode> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(charge_codes).values(input).returning(columns);
      await recordAudit(tx, { action: 'money.charge_code_added', actor: actor.user, target: input.code, details: { ...input }, ip: actor.ip });
      return toCode(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(CHARGE_MESSAGES.codeExists(input.code), { code: CHARGE_MESSAGES.codeExists(input.code) });
    throw e;
  }
}

export async function changeChargeCode(db: Db, actor: Actor, code: string, patch: ChargeCodePatch): Promise<ChargeCode> {
  const key = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,8}$/.test(key)) throw notFound(CHARGE_MESSAGES.codeNotFound(key.slice(0, 20)));
  return db.transaction(async (tx) => {
    const [old] = await tx.select(columns).from(charge_codes).where(eq(charge_codes.code, key)).for('update');
    if (!old) throw notFound(CHARGE_MESSAGES.codeNotFound(key));
    const [row] = await tx.update(charge_codes).set(patch).where(eq(charge_codes.code, key)).returning(columns);
    const details = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, { old: old[k as keyof typeof old], new: v }]));
    await recordAudit(tx, { action: 'money.charge_code_changed', actor: actor.user, target: key, details, ip: actor.ip });
    return toCode(row!);
  });
}
