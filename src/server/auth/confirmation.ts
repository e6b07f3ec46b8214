/**
 * Confirming an account only with the mailbox and the password together (issue 37, decision record 0249).
 *
 * The mail's link carries a random token (only its sha256 is stored, in Better Auth's `verifications` table, naming the
 * user it was made for) and opens the sign-in page; the account is confirmed when the person signs in there with the
 * password chosen at that sign-up. A newer sign-up for an unconfirmed account replaces the older one, and the older
 * one's links die with it. Better Auth's own `/verify-email` (a signed token for the e-mail alone) confirms nothing.
 */
import crypto from 'node:crypto';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { accounts, users, verifications } from '@server/db/schema';
import { CONFIRM_MESSAGES, CONFIRM_PARAM, MESSAGES } from '@domain/auth/rules';
import { AppError, invalid } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import { isStaff } from '@domain/access/permissions';

const PREFIX = 'confirm-account:';
/** A confirmation link is valid for a day (as Better Auth's was). */
export const CONFIRM_LINK_SECONDS = 60 * 60 * 24;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Makes a confirmation token for the user and answers the sign-in page's link that carries it. */
export async function issueConfirmationLink(db: Db, userId: string, origin: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: PREFIX + hashOf(token),
    value: userId,
    expiresAt: new Date(Date.now() + CONFIRM_LINK_SECONDS * 1000),
  });
  const url = new URL('/signin', origin);
  url.searchParams.set(CONFIRM_PARAM, token);
  return url.toString();
}

/**
 * Before a sign-up: an unconfirmed account with this e-mail is an earlier sign-up nobody confirmed (perhaps not the
 * mailbox's owner's), so it is replaced: deleted with its links, and a staff member's pending record put back, so the
 * new sign-up is checked and made as the first one was. A confirmed account is left alone.
 */
export async function replaceUnconfirmed(db: Db, rawEmail: string, ip: string | null): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, role: users.role, verified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (!user || user.verified) return;
    if (isStaff(user.role)) {
      await tx.execute(sql`insert into pending_staff (full_name, email, role) values (${user.name}, ${email}, ${user.role}) on conflict do nothing`);
    }
    await tx.delete(verifications).where(and(like(verifications.identifier, `${PREFIX}%`), eq(verifications.value, user.id)));
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, { action: 'auth.registration_replaced', actor: null, email, ip });
  });
}

/**
 * Confirms the account a link was made for, when the e-mail and password given are that account's. A token that is
 * unknown, used, expired or replaced is a 400; a wrong e-mail or password a 401 (the sign-in page's own message).
 */
export async function confirmAccount(
  db: Db,
  verifyPassword: (hash: string, password: string) => Promise<boolean>,
  input: { token: string; email: string; password: string },
  ip: string,
): Promise<void> {
  const identifier = PREFIX + hashOf(input.token);
  const [link] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
    .limit(1);
  if (!link) throw invalid(CONFIRM_MESSAGES.invalidLink);
  const [row] = await db
    .select({ id: users.id, email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.id, link.userId))
    .limit(1);
  if (!row) throw invalid(CONFIRM_MESSAGES.invalidLink);
  // The hash is checked whatever the e-mail, so the answer's time does not tell a right e-mail from a wrong one.
  const passwordOk = row.hash ? await verifyPassword(row.hash, input.password) : false;
  if (!passwordOk || row.email !== input.email) throw new AppError('unauthenticated', MESSAGES.invalidCredentials);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, row.id));
    await tx.delete(verifications).where(and(like(verifications.identifier, `${PREFIX}%`), eq(verifications.value, row.id)));
    await recordAudit(tx, { action: 'auth.account_confirmed', actor: { id: row.id, email: row.email }, ip });
  });
}
