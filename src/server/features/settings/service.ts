import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { security_settings } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { conflict } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import { TWO_FACTOR_MESSAGES } from '@domain/auth/two-factor';
import type { TwoFactorSettings } from '@domain/auth/two-factor-schema';

/** The admin's two-factor requirement, who changed it last, and how many staff users have enrolled. */
export async function getTwoFactorSettings(db: Db): Promise<TwoFactorSettings> {
  const r = await db.execute<{
    require_staff_two_factor: boolean | null;
    updated_at: string | Date | null;
    updated_by_email: string | null;
    staff_enrolled: number;
    staff_total: number;
  }>(sql`
    select s.require_staff_two_factor, s.updated_at, u.email as updated_by_email,
      (select count(*)::int from users where role <> 'customer' and two_factor_enabled) as staff_enrolled,
      (select count(*)::int from users where role <> 'customer') as staff_total
    from (select 1) one
    left join security_settings s on s.id = 1
    left join users u on u.id = s.updated_by`);
  const row = r.rows[0]!;
  return {
    require_for_staff: !!row.require_staff_two_factor,
    // Never changed: the row's creation time is not a change anyone made.
    updated_at: row.updated_by_email && row.updated_at ? new Date(row.updated_at).toISOString() : null,
    updated_by_email: row.updated_by_email,
    staff_enrolled: Number(row.staff_enrolled),
    staff_total: Number(row.staff_total),
  };
}

/**
 * Turns the requirement on or off (audited with the old and new value). The change applies from each staff
 * user's next request: the session query reads it (src/server/auth/session.ts).
 */
export async function setTwoFactorRequirement(db: Db, requireForStaff: boolean, actor: Actor): Promise<TwoFactorSettings> {
  // The admin who turns it on must already use it (decision 0010): no one locks themselves into enrolment by surprise.
  if (requireForStaff && !actor.user.two_factor_enabled) throw conflict(TWO_FACTOR_MESSAGES.adminMustEnrolFirst);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: security_settings.require_staff_two_factor })
      .from(security_settings)
      .where(eq(security_settings.id, 1))
      .for('update');
    await tx
      .insert(security_settings)
      .values({ id: 1, require_staff_two_factor: requireForStaff, updated_at: new Date(), updated_by: actor.user.id })
      .onConflictDoUpdate({
        target: security_settings.id,
        set: { require_staff_two_factor: requireForStaff, updated_at: new Date(), updated_by: actor.user.id },
      });
    if ((before?.value ?? false) !== requireForStaff) {
      await recordAudit(tx, {
        action: 'settings.two_factor_requirement',
        actor: actor.user,
        target: 'Two-factor authentication for staff',
        details: { required: { old: before?.value ?? false, new: requireForStaff } },
        ip: actor.ip,
      });
    }
  });
  return getTwoFactorSettings(db);
}
