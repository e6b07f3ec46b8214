import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { accounting_exports, document_assignments, files, message_attachments, request_attachments, shipments } from '@server/db/schema';
import type { SessionUser } from '@server/http/context';
import { AppError, notFound } from '@server/http/errors';
import type { Disposition } from '@server/http/disposition';
import { customerCompanyId } from '@server/policy';
import { sign, verify } from '@server/storage/signed-link';
import { SIGNED_LINK_SECONDS } from '@domain/documents/rules';
import { DOCUMENT_MESSAGES, type SignedLinkResponse } from '@domain/documents/schema';
import { isCustomer } from '@domain/access/permissions';

export type FileRecord = { name: string; original_name: string; size: number; content_type: string };

/**
 * Not a kept accounting export (issue 39): those files are the administrators' books, downloaded through
 * /accounting/exports; the document library does not list or show them (their stored names appear nowhere else).
 */
export const notABookExport = sql`not exists (select 1 from ${accounting_exports} e where e.file_key = ${files.name})`;

const recordColumns = { name: files.name, original_name: files.original_name, size: files.size, content_type: files.content_type };

/**
 * A file a customer of `companyId` may read (as the files policy of migration 0024 says): assigned to one of the
 * company's shipments (not as a draft), attached to one of its requests, or attached to one of its messages that is not internal.
 */
const customerMayRead = (companyId: string) => sql`(
  exists (select 1 from ${document_assignments} a join ${shipments} s on s.id = a.shipment_id where a.document_name = ${files.name} and not a.draft and s.company_id = ${companyId})
  or exists (select 1 from ${request_attachments} ra where ra.document_name = ${files.name} and ra.company_id = ${companyId})
  or exists (select 1 from ${message_attachments} ma where ma.document_name = ${files.name} and ma.company_id = ${companyId} and not ma.internal))`;

/**
 * The document `name` if `user` may see it (spec section 6, decision 0174): staff every document; a customer
 * only one assigned to a shipment of their own company, with the company in the SQL. Everything else is the
 * same 404, whether the name exists or not. A customer also reads a file on their company's request or message
 * (issue 15), never one on an internal note.
 */
export async function findVisibleFile(db: Db, user: SessionUser, name: string): Promise<FileRecord> {
  const [row] =
    isCustomer(user.role)
      ? await db
          .select(recordColumns)
          .from(files)
          .where(and(eq(files.name, name), customerMayRead(customerCompanyId(user))))
      : await db.select(recordColumns).from(files).where(eq(files.name, name));
  if (!row) throw notFound(DOCUMENT_MESSAGES.notFound);
  return { ...row, size: Number(row.size) };
}

/** A same-origin link to the bytes, valid SIGNED_LINK_SECONDS from `now`, bound to the name and the expiry. */
export function signedFileLink(name: string, secret: string, disposition: Disposition, now: number): SignedLinkResponse {
  const { expires, signature } = sign(name, secret, now, SIGNED_LINK_SECONDS);
  const query = new URLSearchParams({ expires: String(expires), signature, disposition });
  return { url: `/api/files/${encodeURIComponent(name)}?${query.toString()}`, expires_at: new Date(expires * 1000).toISOString() };
}

/** 403 for an expired or a forged link, each with its own message. */
export function assertValidLink(name: string, expires: string, signature: string, secret: string, now: number): void {
  const verdict = verify(name, expires, signature, secret, now);
  if (verdict === 'expired') throw new AppError('forbidden', DOCUMENT_MESSAGES.linkExpired);
  if (verdict === 'forged') throw new AppError('forbidden', DOCUMENT_MESSAGES.linkForged);
}
