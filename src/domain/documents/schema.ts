import { z } from 'zod';
import { SHIPMENT_TYPES } from '@domain/common/enums';
import { listQuerySchema, sortable } from '@domain/common/list-schema';
import { DOCUMENTS_PAGE_SIZE, FILE_TYPE_FILTERS, type FileTypeFilter } from './rules';
import { msg } from '@domain/common/i18n';

// In documents.ts, without schemas (the shipment page's checklist shows documents before anything validates, decision
// record 0248); part of this contract as before.
export { assignedByLine, DOCUMENT_MESSAGES, UPLOAD_NAME_HEADER } from './rules';

/**
 * The documents API contract (issue 6), shared by the server routes and the web pages. Snake_case like every
 * other resource. A document is addressed by its stored name (`{random8}_{sanitized}`), which is unique.
 *
 *   GET    /api/documents                        staff: the library page (filters, sort, 8 a page)
 *   POST   /api/documents                        staff: upload; the raw file is the body (see UPLOAD_NAME_HEADER)
 *   DELETE /api/documents/{name}                 staff: removes its assignment, then the record, then the object
 *   GET    /api/documents/{name}/link            everyone signed in who may see it: a 60 s signed link
 *   PUT    /api/documents/{name}/assignment      staff: assign to a shipment (handlers: only their own shipments)
 *   DELETE /api/documents/{name}/assignment      staff: remove the assignment
 *   GET    /api/documents/assignable-shipments   staff: the assign dialog's shipment choices (?q=, newest first)
 *   GET    /api/shipments/{id}/documents         the documents assigned to a shipment (customers: own company)
 *   GET    /api/files/{name}?expires=&signature=&disposition=inline|attachment   the bytes, via a signed link
 */


const FILTER_VALUES = FILE_TYPE_FILTERS.map((f) => f.value) as [FileTypeFilter, ...FileTypeFilter[]];

export const DOCUMENT_SORTS = ['created_at', 'name', 'size'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export const documentListQuerySchema = listQuerySchema.extend({
  pageSize: listQuerySchema.shape.pageSize.default(DOCUMENTS_PAGE_SIZE),
  sort: sortable(DOCUMENT_SORTS, 'created_at'),
  type: z.enum(FILTER_VALUES, { message: msg('type must be one of: all, pdf, word, excel, image, text') }).default('all'),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentAssignmentSchema = z.object({
  shipment_id: z.string(),
  /** Null when the shipment cannot be read any more: the page shows 'Unknown Shipment'. */
  reference_number: z.string().nullable(),
  shipment_type: z.enum(SHIPMENT_TYPES).nullable(),
  company_name: z.string().nullable(),
  assigned_by_name: z.string().nullable(),
  assigned_at: z.string(),
});
export type DocumentAssignment = z.infer<typeof documentAssignmentSchema>;

export const documentSchema = z.object({
  /** The stored name: the key of the document everywhere in the API. */
  name: z.string(),
  /** The name the file had on the uploader's machine; shown in the UI and used for downloads. */
  original_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
  uploaded_by_name: z.string().nullable(),
  assignment: documentAssignmentSchema.nullable(),
});
export type DocumentRow = z.infer<typeof documentSchema>;

/** One document as a shipment's detail page lists it (staff and customer alike: no internal data here). */
export const shipmentDocumentSchema = z.object({
  name: z.string(),
  original_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  assigned_by_name: z.string().nullable(),
  assigned_at: z.string(),
  /** A generated paper that is not final yet (issue 16): staff only. */
  draft: z.boolean(),
});
export type ShipmentDocument = z.infer<typeof shipmentDocumentSchema>;
export const shipmentDocumentsSchema = z.object({ rows: z.array(shipmentDocumentSchema) });

export const assignDocumentSchema = z.object({
  shipment_id: z.string({ message: msg('Please select a shipment') }).trim().min(1, msg('Please select a shipment')),
});
export type AssignDocumentInput = z.infer<typeof assignDocumentSchema>;

export const signedLinkSchema = z.object({
  /** A same-origin path under /api/files with `expires` and `signature`; valid for SIGNED_LINK_SECONDS. */
  url: z.string(),
  expires_at: z.string(),
});
export type SignedLinkResponse = z.infer<typeof signedLinkSchema>;

export const linkQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment'], { message: msg("disposition must be 'inline' or 'attachment'") }).default('attachment'),
});

export const fileQuerySchema = z.object({
  expires: z.string().max(20).default(''),
  signature: z.string().max(100).default(''),
  disposition: z.enum(['inline', 'attachment'], { message: msg("disposition must be 'inline' or 'attachment'") }).default('attachment'),
});

/** The API's own messages (the spec's texts are in documents.ts). */

/** The assign dialog's option: 'reference - company (TYPE)' (spec section 2). */
export const assignableShipmentSchema = z.object({
  id: z.string(),
  reference_number: z.string(),
  type: z.enum(SHIPMENT_TYPES),
  status: z.string(),
  company_id: z.string(),
  company_name: z.string(),
});
export type AssignableShipment = z.infer<typeof assignableShipmentSchema>;
export const assignableShipmentsQuerySchema = z.object({
  q: listQuerySchema.shape.q,
});
export const assignableShipmentsSchema = z.object({ rows: z.array(assignableShipmentSchema) });

export function assignableShipmentLabel(s: Pick<AssignableShipment, 'reference_number' | 'company_name' | 'type'>): string {
  return `${s.reference_number} - ${s.company_name} (${s.type.toUpperCase()})`;
}

/** 'Assigned to: {reference}' or 'Unknown Shipment' (spec section 2). */
export function assignedToLabel(a: Pick<DocumentAssignment, 'reference_number'>): string {
  return `Assigned to: ${a.reference_number ?? 'Unknown Shipment'}`;
}

