import { collated } from '@server/db/fold';
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { pending_staff, sessions, twoFactors, users } from '@server/db/schema';
import { revokeKeysOfUser } from '@server/auth/api-keys';
import type { Actor } from '@server/http/context';
import { recordAudit } from '@server/audit/audit-log';
import type { AuditAction } from '@domain/audit/schema';
import { conflict, forbidden, isUniqueViolation, notFound } from '@server/http/errors';
import { contains } from '@server/http/list';
import {
  STAFF_MESSAGES, type ActiveStaff, type CreateStaffInput, type PendingStaff, type StaffList, type UpdateStaffInput,
} from '@domain/staff/schema';
import type { StaffRole } from '@domain/common/enums';
import { UUID_PATTERN as UUID } from '@domain/common/ids';
import { can } from '@domain/access/permissions';


const pendingColumns = {
  id: pending_staff.id,
  full_name: pending_staff.full_name,
  email: pending_staff.email,
  role: pending_staff.role,
  created_at: pending_staff.created_at,
};

const activeColumns = {
  id: users.id,
  full_name: users.name,
  email: users.email,
  role: users.role,
  created_at: users.createdAt,
  two_factor_enabled: users.twoFactorEnabled,
};

/** Staff users only: the staff list, the edit form and the delete never reach a customer account. */
const isStaff = ne(users.role, 'customer');

const toPending = (r: { id: string; full_name: string; email: string; role: StaffRole; created_at: Date }): PendingStaff => ({
  ...r,
  created_at: r.created_at.toISOString(),
});
const toActive = (r: { id: string; full_name: string; email: string; role: string; created_at: Date; two_factor_enabled: boolean }): ActiveStaff => ({
  ...r,
  role: r.role as StaffRole,
  created_at: r.created_at.toISOString(),
});

/** Both tables of /staff, searched (name or email) in SQL: pending newest first, active by full name. */
export async function listStaff(db: Db, q: string): Promise<StaffList> {
  const pendingMatch = q ? or(contains(pending_staff.full_name, q), contains(pending_staff.email, q)) : undefined;
  const activeMatch = q ? or(contains(users.name, q), contains(users.email, q)) : undefined;
  const [pending, active] = await Promise.all([
    db.select(pendingColumns).from(pending_staff).where(pendingMatch).orderBy(desc(pending_staff.created_at), asc(pending_staff.id)),
    db.select(activeColumns).from(users).where(and(isStaff, activeMatch)).orderBy(asc(collated(users.name)), asc(users.email)),
  ]);
  return { pending: pending.map(toPending), active: active.map(toActive) };
}

/**
 * Adds a pending staff record: the person becomes a user only when they register at /signup.
 * An email already pending, already a user or belonging to a company contact is a 409.
 */
export async function createPendingStaff(db: Db, input: CreateStaffInput, actor: Actor): Promise<PendingStaff> {
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.execute<{ kind: 'user' | 'pending' | 'contact' }>(sql`
        select 'user' as kind from users where lower(email) = ${input.email}
        union all select 'pending' from pending_staff where lower(email) = ${input.email}
        union all select 'contact' from customers where lower(email) = ${input.email}`);
      const kinds = new Set(taken.rows.map((r) => r.kind));
      if (kinds.has('user')) throw conflict(STAFF_MESSAGES.userExists, { email: STAFF_MESSAGES.userExists });
      if (kinds.has('pending')) throw conflict(STAFF_MESSAGES.pendingExists, { email: STAFF_MESSAGES.pendingExists });
      if (kinds.has('contact')) throw conflict(STAFF_MESSAGES.contactExists, { email: STAFF_MESSAGES.contactExists });
      const [row] = await tx.insert(pending_staff).values(input).returning(pendingColumns);
      await audit(tx, actor, 'staff.pending_created', input.email, { full_name: input.full_name, role: input.role });
      return toPending(row!);
    });
  } catch (e) {
    // Two admins adding the same email at once: the unique index decides.
    if (isUniqueViolation(e)) {
      throw conflict(STAFF_MESSAGES.pendingExists, { email: STAFF_MESSAGES.pendingExists });
    }
    throw e;
  }
}

export async function deletePendingStaff(db: Db, id: string, actor: Actor): Promise<void> {
  if (!UUID.test(id)) throw notFound(STAFF_MESSAGES.pendingNotFound);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(pending_staff).where(eq(pending_staff.id, id)).returning({ email: pending_staff.email });
    if (!row) throw notFound(STAFF_MESSAGES.pendingNotFound);
    await audit(tx, actor, 'staff.pending_deleted', row.email, {});
  });
}

export async function getStaffMember(db: Db | Tx, id: string): Promise<ActiveStaff> {
  if (!UUID.test(id)) throw notFound(STAFF_MESSAGES.notFound);
  const [row] = await db.select(activeColumns).from(users).where(and(eq(users.id, id), isStaff));
  if (!row) throw notFound(STAFF_MESSAGES.notFound);
  return toActive(row);
}

/**
 * Changes a staff member's name and role. The session loads the role from the users table on every
 * request, so the change applies from their next request. Admins cannot change their own role, which
 * also keeps at least one admin.
 */
export async function updateStaffMember(db: Db, id: string, input: UpdateStaffInput, actor: Actor): Promise<ActiveStaff> {
  return db.transaction(async (tx) => {
    const before = await getStaffMember(tx, id);
    if (id === actor.user.id && input.role !== before.role) throw forbidden(STAFF_MESSAGES.selfRole);
    const [row] = await tx
      .update(users)
      .set({ name: input.full_name, role: input.role, updatedAt: new Date() })
      .where(and(eq(users.id, id), isStaff))
      .returning(activeColumns);
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    // Only administrators make staff keys: one who is no longer an administrator loses theirs for good (issue 37).
    if (can(before.role, 'api_keys:manage') && !can(input.role, 'api_keys:manage')) await revokeKeysOfUser(tx, id, 'staff_role_changed', { actor, companyId: null });
    await audit(tx, actor, 'staff.updated', before.email, {
      full_name: { old: before.full_name, new: input.full_name },
      role: { old: before.role, new: input.role },
    });
    return toActive(row);
  });
}

/**
 * Deletes a staff user. Their sessions and credentials go with them (on delete cascade), so they are
 * signed out at once; shipments they handled stay, with no handler ('Unassigned').
 */
export async function deleteStaffMember(db: Db, id: string, actor: Actor): Promise<void> {
  if (id === actor.user.id) throw forbidden(STAFF_MESSAGES.selfDelete);
  await db.transaction(async (tx) => {
    const member = await getStaffMember(tx, id);
    await tx.delete(users).where(and(eq(users.id, id), isStaff));
    await audit(tx, actor, 'staff.deleted', member.email, { full_name: member.full_name, role: member.role });
  });
}

/**
 * Resets a staff member's two-factor authentication (lost phone and recovery codes; decision 0010): the key and the
 * recovery codes are deleted and their sessions end, so they sign in with the password and, while the admin requires
 * it, enrol again. Not for one's own account (My Profile asks the password for that).
 */
export async function resetStaffTwoFactor(db: Db, id: string, actor: Actor): Promise<void> {
  if (id === actor.user.id) throw forbidden(STAFF_MESSAGES.selfTwoFactorReset);
  await db.transaction(async (tx) => {
    const member = await getStaffMember(tx, id);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(tx, actor, 'staff.two_factor_reset', member.email, { was_enabled: member.two_factor_enabled });
  });
}

async function audit(tx: Tx, actor: Actor, action: AuditAction, target: string, details: Record<string, unknown>) {
  await recordAudit(tx, { action, actor: actor.user, target, details, ip: actor.ip });
}
