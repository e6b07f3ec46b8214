/**
 * Files on a message and on a request (issue 15, decision record 0235). The document rules apply as on any upload
 * (type, content, size, storage, audit: documents/upload.ts); the checks run before a byte is stored and again in
 * the transaction that records the file, with the message or request locked, so a limit holds under racing uploads.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { message_attachments, messages, request_attachments, request_events, requests, threads } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { conflict, forbidden, notFound } from '@server/http/errors';
import { customerCompanyId } from '@server/policy';
import { isRecordId } from '@domain/common/ids';
import { ATTACH_WINDOW_MINUTES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_MESSAGES, REQUEST_ATTACHMENTS_MAX, type Attachment } from '@domain/messages/schema';
import { REQUEST_MESSAGES } from '@domain/requests/schema';
import { uploadDocument, type UploadDeps, type UploadInput } from '@server/features/documents/index';
import { assertRequestId } from '@server/features/requests/index';
import { retellThread } from './mails';
import { subjectFor } from './subject';
import { isCustomer } from '@domain/access/permissions';

type Upload = Omit<UploadInput, 'shipmentId' | 'attach'>;

type StoredFile = { name: string; original_name: string; size: number; content_type: string };

const asAttachment = (d: StoredFile): Attachment => ({
  name: d.name, original_name: d.original_name, size: d.size, content_type: d.content_type,
});

/**
 * Uploads a file under the document rules and records where it belongs: `check` runs before a byte is stored and again,
 * locked, in the transaction that writes the file; `record` writes with what the locked check found.
 */
async function uploadChecked<F>(
  deps: UploadDeps, actor: Actor, upload: Upload,
  check: (db: Db | Tx, lock: boolean) => Promise<F>,
  record: (tx: Tx, found: F, file: StoredFile) => Promise<void>,
): Promise<Attachment> {
  const doc = await uploadDocument(deps, actor, {
    ...upload,
    attach: { check: async (db) => void (await check(db, false)), record: async (tx, file) => record(tx, await check(tx, true), file) },
  });
  return asAttachment(doc);
}

/** The author attaches a file to their message, within ATTACH_WINDOW_MINUTES of writing it. */
export async function attachToMessage(deps: UploadDeps, actor: Actor, messageId: string, upload: Upload): Promise<Attachment> {
  const user = actor.user;
  if (!isRecordId(messageId)) throw notFound(MESSAGE_MESSAGES.notFound);
  const check = async (db: Db | Tx, lock: boolean) => {
    const q = db
      .select({ author_id: messages.author_id, company_id: messages.company_id, internal: messages.internal, created_at: messages.created_at, thread_id: messages.thread_id })
      .from(messages)
      .where(eq(messages.id, messageId));
    const [m] = lock ? await q.for('update') : await q;
    // A customer never learns of another company's message or of an internal note.
    if (!m || (isCustomer(user.role) && (m.company_id !== customerCompanyId(user) || m.internal))) throw notFound(MESSAGE_MESSAGES.notFound);
    if (m.author_id !== user.id) throw forbidden(MESSAGE_MESSAGES.notAuthor);
    if (Date.now() - m.created_at.getTime() > ATTACH_WINDOW_MINUTES * 60_000) throw conflict(MESSAGE_MESSAGES.attachTooLate);
    const [n] = await db.select({ n: count() }).from(message_attachments).where(eq(message_attachments.message_id, messageId));
    if ((n?.n ?? 0) >= MESSAGE_ATTACHMENTS_MAX) throw conflict(MESSAGE_MESSAGES.tooManyAttachments);
    return { company_id: m.company_id, internal: m.internal, thread_id: m.thread_id };
  };
  return uploadChecked(deps, actor, upload, check, async (tx, m, file) => {
    await tx.insert(message_attachments).values({
      message_id: messageId, document_name: file.name, company_id: m.company_id, internal: m.internal,
      original_name: file.original_name, size: file.size, content_type: file.content_type,
    });
    // The thread's mails still waiting name the file (issue 37).
    const [t] = await tx.select({ shipment_id: threads.shipment_id, request_id: threads.request_id }).from(threads).where(eq(threads.id, m.thread_id));
    if (t) {
      const subject = await subjectFor(tx, user, t.shipment_id ? 'shipment' : 'request', (t.shipment_id ?? t.request_id)!);
      await retellThread(tx, deps.notices, subject, m.thread_id);
    }
  });
}

/** A file on a request: its company's customers while it is open (submitted or quoted), staff at any time. */
export async function attachToRequest(deps: UploadDeps, actor: Actor, requestId: string, upload: Upload): Promise<Attachment> {
  const user = actor.user;
  assertRequestId(requestId);
  const check = async (db: Db | Tx, lock: boolean) => {
    const scope = isCustomer(user.role) ? and(eq(requests.id, requestId), eq(requests.company_id, customerCompanyId(user))) : eq(requests.id, requestId);
    const q = db.select({ company_id: requests.company_id, status: requests.status }).from(requests).where(scope);
    const [r] = lock ? await q.for('update') : await q;
    if (!r) throw notFound(REQUEST_MESSAGES.notFound);
    if (isCustomer(user.role) && r.status !== 'submitted' && r.status !== 'quoted') throw conflict(MESSAGE_MESSAGES.requestClosed);
    const [n] = await db.select({ n: count() }).from(request_attachments).where(eq(request_attachments.request_id, requestId));
    if ((n?.n ?? 0) >= REQUEST_ATTACHMENTS_MAX) throw conflict(MESSAGE_MESSAGES.tooManyRequestAttachments);
    return r.company_id;
  };
  return uploadChecked(deps, actor, upload, check, async (tx, companyId, file) => {
    await tx.insert(request_attachments).values({ request_id: requestId, document_name: file.name, company_id: companyId, added_by: user.id });
    await tx.insert(request_events).values({ request_id: requestId, company_id: companyId, actor_id: user.id, kind: 'attachment_added', detail: { file: file.original_name } });
  });
}
