/**
 * The catalog reads message literals only (issue 42), so messages that named a limit or a list of codes through a
 * template literal now spell it out: msg('At most 50 containers'). These tests keep each one in step with the
 * constant it names.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LOADING_TYPES, SHIPMENT_STATUSES, SHIPMENT_TYPES, CONTAINER_TYPES } from './enums';
import { listQuerySchema, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './list-schema';
import { API_KEY_MAX_ACTIVE, API_KEY_MAX_DAYS, API_KEY_MESSAGES, API_KEY_RATE_MAX } from '@domain/api-keys/schema';
import { AIRPORT_NAME_MAX, airportInputSchema, MUNICIPALITY_MAX } from '@domain/airports/schema';
import { AUDIT_CATEGORIES, auditQuerySchema } from '@domain/audit/schema';
import { ACCOUNTING_FORMATS, BOOKS_MESSAGES, MAX_EXPORT_DAYS } from '@domain/billing/books-schema';
import { CHARGE_CATEGORIES, CHARGE_UNITS } from '@domain/billing/lines';
import { BILLING_MESSAGES, invoiceDraftPatchSchema, MAX_ADJUSTMENTS } from '@domain/billing/schema';
import { PAYMENT_METHODS } from '@domain/billing/state';
import { MAX_PIECE_LINES } from '@domain/cargo/measures';
import { piecesInputSchema } from '@domain/cargo/schema';
import { CONTAINER_FORMAT_MESSAGE, CONTAINER_NUMBER_EXAMPLE } from '@domain/cargo/trade-numbers';
import { CARRIER_EVENT_STATES, inboxQuerySchema } from '@domain/carrier-events/schema';
import { CHECKLIST_LIMITS, CHECKLIST_MESSAGES } from '@domain/checklist/rules';
import { COMPANY_ADDRESS_MAX, COMPANY_MESSAGES, COMPANY_NAME_MAX, COMPANY_NAME_MIN, CONTACT_NAME_MAX, CONTACT_POSITION_MAX } from '@domain/companies/schema';
import { FILE_TYPE_FILTERS } from '@domain/documents/rules';
import { documentListQuerySchema } from '@domain/documents/schema';
import { EXCEPTION_KINDS, EXCEPTION_LIMITS, EXCEPTION_MESSAGES } from '@domain/exceptions/rules';
import { GENERATED_KINDS, GENERATED_MESSAGES, LETTERHEAD_LIMITS, letterheadSchema } from '@domain/generated-documents/schema';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_XLSX_MAX_CELLS, IMPORT_XLSX_MAX_UNPACKED_BYTES } from '@domain/imports/schema';
import { importStatusOf } from '@domain/imports/shipment-rows';
import { ATTACH_WINDOW_MINUTES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES, REQUEST_ATTACHMENTS_MAX } from '@domain/messages/schema';
import { VAT_CATEGORY_CODES } from '@domain/money/vat';
import { RATE_MESSAGES } from '@domain/rates/schema';
import { MAX_QUOTE_LINES, MAX_QUOTE_QUANTITY, MAX_QUOTE_UNIT_PRICE } from '@domain/requests/quote-lines';
import { QUOTE_MESSAGES } from '@domain/requests/quote-schema';
import { MAX_EQUIPMENT_LINES, requestInputSchema } from '@domain/requests/schema';
import { PORT_COUNTRY_MAX, PORT_NAME_MAX, seaportInputSchema } from '@domain/seaports/schema';
import { SHARE_LINK_MAX_ACTIVE, SHARE_LINK_MAX_DAYS, SHARE_LINK_MAX_DOCUMENTS, SHARE_LINK_MESSAGES } from '@domain/share-links/schema';
import { HANDLER_MESSAGES, MAX_BULK_ASSIGN } from '@domain/shipments/handlers-schema';
import { MAX_CONTAINERS, shipmentInputSchema } from '@domain/shipments/schema';
import { STATUS_MESSAGES } from '@domain/shipments/status';
import { staffQuerySchema } from '@domain/staff/schema';
import { WEBHOOK_MAX_PER_OWNER, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from '@domain/webhooks/schema';

const messages = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
const many = (n: number) => Array.from({ length: n }, () => ({}));

describe('messages that name a limit', () => {
  it('say the limit in force', () => {
    expect(messages(listQuerySchema, { q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) })).toContain(`Search must be at most ${MAX_SEARCH_LENGTH} characters`);
    expect(messages(staffQuerySchema, { q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) })).toContain(`Search must be at most ${MAX_SEARCH_LENGTH} characters`);
    expect(messages(listQuerySchema, { pageSize: MAX_PAGE_SIZE + 1 })).toContain(`pageSize must be at most ${MAX_PAGE_SIZE}`);
    expect(API_KEY_MESSAGES.days).toBe(`Choose between 1 and ${API_KEY_MAX_DAYS} days, or no expiry`);
    expect(API_KEY_MESSAGES.rate).toBe(`Choose between 1 and ${API_KEY_RATE_MAX} requests per minute`);
    expect(API_KEY_MESSAGES.tooMany).toBe(`You have ${API_KEY_MAX_ACTIVE} active keys. Revoke one before creating another.`);
    const airport = { iata_code: 'IST', iso_country: 'TR', name: 'x'.repeat(AIRPORT_NAME_MAX + 1), municipality: 'x'.repeat(MUNICIPALITY_MAX + 1) };
    expect(messages(airportInputSchema, airport)).toEqual([`Name must be at most ${AIRPORT_NAME_MAX} characters`, `City must be at most ${MUNICIPALITY_MAX} characters`]);
    expect(BOOKS_MESSAGES.periodTooLong).toBe(`An export covers at most ${MAX_EXPORT_DAYS} days`);
    expect(messages(invoiceDraftPatchSchema, { adjustments: many(MAX_ADJUSTMENTS + 1) })).toContain(`At most ${MAX_ADJUSTMENTS} allowances and charges`);
    expect(messages(piecesInputSchema, many(MAX_PIECE_LINES + 1))).toContain(`At most ${MAX_PIECE_LINES} dimension lines`);
    expect(CONTAINER_FORMAT_MESSAGE).toBe(`Container number must be 4 letters and 7 digits, like ${CONTAINER_NUMBER_EXAMPLE}`);
    expect(CHECKLIST_MESSAGES.nameLong).toBe(`Document must be at most ${CHECKLIST_LIMITS.name} characters`);
    expect(CHECKLIST_MESSAGES.offsetDays).toBe(`Choose between ${CHECKLIST_LIMITS.offsetDays} days before and ${CHECKLIST_LIMITS.offsetDays} days after`);
    expect(CHECKLIST_MESSAGES.items).toBe(`A checklist holds at most ${CHECKLIST_LIMITS.items} documents`);
    expect(CHECKLIST_MESSAGES.reasonLong).toBe(`The reason must be at most ${CHECKLIST_LIMITS.reason} characters`);
    expect(COMPANY_MESSAGES.nameLength).toBe(`Company name must be between ${COMPANY_NAME_MIN} and ${COMPANY_NAME_MAX} characters`);
    expect(COMPANY_MESSAGES.addressLength).toBe(`Address must be at most ${COMPANY_ADDRESS_MAX} characters`);
    expect(COMPANY_MESSAGES.firstNameLength).toBe(`First name must be at most ${CONTACT_NAME_MAX} characters`);
    expect(COMPANY_MESSAGES.lastNameLength).toBe(`Last name must be at most ${CONTACT_NAME_MAX} characters`);
    expect(COMPANY_MESSAGES.positionLength).toBe(`Position must be at most ${CONTACT_POSITION_MAX} characters`);
    expect(EXCEPTION_MESSAGES.arrivalMovedDays).toBe(`Choose between ${EXCEPTION_LIMITS.arrival_moved_days.min} and ${EXCEPTION_LIMITS.arrival_moved_days.max} days`);
    expect(EXCEPTION_MESSAGES.noChangeDays).toBe(`Choose between ${EXCEPTION_LIMITS.no_change_days.min} and ${EXCEPTION_LIMITS.no_change_days.max} days`);
    const letterhead = { name: 'x'.repeat(LETTERHEAD_LIMITS.name + 1), address: 'x'.repeat(LETTERHEAD_LIMITS.address + 1), phone: 'x'.repeat(LETTERHEAD_LIMITS.line + 1), email: 'x'.repeat(LETTERHEAD_LIMITS.line + 1), tax_id: 'x'.repeat(LETTERHEAD_LIMITS.line + 1) };
    expect(messages(letterheadSchema, letterhead)).toEqual([
      `Company name must be at most ${LETTERHEAD_LIMITS.name} characters`,
      `Address must be at most ${LETTERHEAD_LIMITS.address} characters`,
      `Phone must be at most ${LETTERHEAD_LIMITS.line} characters`,
      `Email must be at most ${LETTERHEAD_LIMITS.line} characters`,
      `Tax ID must be at most ${LETTERHEAD_LIMITS.line} characters`,
    ]);
    expect(IMPORT_MESSAGES.tooLarge).toBe(`The file is too large (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`);
    expect(IMPORT_MESSAGES.tooManyRows).toBe(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; split it into smaller files`);
    expect(IMPORT_MESSAGES.tooLargeUnpacked).toBe(`The workbook is too large once unpacked (at most ${IMPORT_XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB); split it into smaller files`);
    expect(IMPORT_MESSAGES.tooManyCells).toBe(`The sheet has more than ${IMPORT_XLSX_MAX_CELLS.toLocaleString('en')} cells; remove unused columns or split it into smaller files`);
    expect(MESSAGE_MESSAGES.tooLong).toBe(`A message has at most ${MESSAGE_MAX_LENGTH.toLocaleString('en')} characters`);
    expect(MESSAGE_MESSAGES.attachTooLate).toBe(`Files can be attached within ${ATTACH_WINDOW_MINUTES} minutes of writing the message`);
    expect(MESSAGE_MESSAGES.tooManyAttachments).toBe(`A message has at most ${MESSAGE_ATTACHMENTS_MAX} attachments`);
    expect(MESSAGE_MESSAGES.tooManyRequestAttachments).toBe(`A request has at most ${REQUEST_ATTACHMENTS_MAX} attachments`);
    expect(QUOTE_MESSAGES.tooManyLines).toBe(`A quote has at most ${MAX_QUOTE_LINES} lines`);
    expect(QUOTE_MESSAGES.quantityTooLarge).toBe(`Quantity must be at most ${MAX_QUOTE_QUANTITY}`);
    expect(QUOTE_MESSAGES.unitPriceTooLarge).toBe(`Unit price must be at most ${MAX_QUOTE_UNIT_PRICE}`);
    expect(messages(requestInputSchema, { equipment: many(MAX_EQUIPMENT_LINES + 1) })).toContain(`At most ${MAX_EQUIPMENT_LINES} container lines`);
    expect(messages(seaportInputSchema, { name: 'x'.repeat(PORT_NAME_MAX + 1), country: 'x'.repeat(PORT_COUNTRY_MAX + 1) })).toEqual([
      `Port Name must be at most ${PORT_NAME_MAX} characters`,
      `Country must be at most ${PORT_COUNTRY_MAX} characters`,
    ]);
    expect(SHARE_LINK_MESSAGES.tooManyDocuments).toBe(`A link shares at most ${SHARE_LINK_MAX_DOCUMENTS} documents`);
    expect(SHARE_LINK_MESSAGES.days).toBe(`Choose between 1 and ${SHARE_LINK_MAX_DAYS} days`);
    expect(SHARE_LINK_MESSAGES.tooMany).toBe(`This shipment has ${SHARE_LINK_MAX_ACTIVE} active tracking links. Revoke one before creating another.`);
    expect(HANDLER_MESSAGES.tooMany).toBe(`Select at most ${MAX_BULK_ASSIGN} shipments at once.`);
    expect(messages(shipmentInputSchema, { containers: many(MAX_CONTAINERS + 1) })).toContain(`At most ${MAX_CONTAINERS} containers`);
    expect(WEBHOOK_MESSAGES.tooLong).toBe(`The address is at most ${WEBHOOK_URL_MAX} characters`);
    expect(WEBHOOK_MESSAGES.tooMany).toBe(`You have ${WEBHOOK_MAX_PER_OWNER} webhooks. Delete one before adding another.`);
  });
});

describe('messages that list codes', () => {
  it('list the codes in force', () => {
    expect(BOOKS_MESSAGES.format).toBe(`Format must be one of: ${ACCOUNTING_FORMATS.join(', ')}`);
    expect(BILLING_MESSAGES.vatCategory).toBe(`VAT category must be one of: ${VAT_CATEGORY_CODES.join(', ')}`);
    expect(BILLING_MESSAGES.category).toBe(`Category must be one of: ${CHARGE_CATEGORIES.join(', ')}`);
    expect(BILLING_MESSAGES.unit).toBe(`Unit must be one of: ${CHARGE_UNITS.join(', ')}`);
    expect(BILLING_MESSAGES.method).toBe(`Method must be one of: ${PAYMENT_METHODS.join(', ')}`);
    expect(messages(auditQuerySchema, { category: 'nope' })).toEqual([`category must be one of: ${Object.keys(AUDIT_CATEGORIES).join(', ')}`]);
    expect(messages(inboxQuerySchema, { state: 'nope' })).toEqual([`state must be one of: ${CARRIER_EVENT_STATES.join(', ')}`]);
    expect(CHECKLIST_MESSAGES.type).toBe(`type must be one of: ${SHIPMENT_TYPES.join(', ')}`);
    expect(CHECKLIST_MESSAGES.loadingType).toBe(`direction must be one of: ${LOADING_TYPES.join(', ')}`);
    expect(messages(documentListQuerySchema, { type: 'nope' })).toEqual([`type must be one of: ${FILE_TYPE_FILTERS.map((f) => f.value).join(', ')}`]);
    expect(EXCEPTION_MESSAGES.kind).toBe(`kind must be one of: ${EXCEPTION_KINDS.join(', ')}`);
    expect(GENERATED_MESSAGES.unknownKind).toBe(`Document must be one of: ${GENERATED_KINDS.join(', ')}`);
    expect(importStatusOf('nope')).toEqual({ problem: `Status must be one of: ${SHIPMENT_STATUSES.join(', ')}` });
    expect(STATUS_MESSAGES.unknownStatus).toBe(`Status must be one of: ${SHIPMENT_STATUSES.join(', ')}`);
    expect(RATE_MESSAGES.equipment).toBe(`Equipment is one of ${CONTAINER_TYPES.join(', ')} (20GP and 40GP are read as 20DC and 40DC)`);
  });
});
