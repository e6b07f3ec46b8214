/**
 * The Charges panel's wire shapes beyond schema.ts (issue 38, decision record 0258): what a customer reads of a
 * shipment's charges (sell lines and their sums, never a cost, profit or margin), the charge-code list's query and
 * the change of one code.
 */
import { z } from 'zod';
import { listFilter, listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { chargeCodeInputSchema, chargeCodeSchema, chargeLineSchema } from './schema';
import { msg } from '@domain/common/i18n';

/** A customer's sum per currency: what the shipment's charges come to (no cost, profit, margin or billing state). */
export const customerChargeTotalSchema = z.object({ currency: z.string(), total: z.string() });

/** GET /shipments/{id}/charges for a customer: the sell lines (no supplier, no form field, no draft invoice) and their sums. */
export const customerShipmentChargesSchema = z.object({
  lines: z.array(chargeLineSchema.omit({ supplier_kind: true, supplier_id: true, supplier_name: true })),
  totals: z.array(customerChargeTotalSchema),
});
export type CustomerShipmentCharges = z.infer<typeof customerShipmentChargesSchema>;

export const chargeCodeListQuerySchema = listQuerySchema.extend({
  /** Empty: every code; true: the ones offered on new lines; false: the retired ones. */
  active: listFilter('active', ['true', 'false']),
});
export type ChargeCodeListQuery = z.infer<typeof chargeCodeListQuerySchema>;
export const chargeCodePageSchema = pageSchema(chargeCodeSchema);

/** PATCH /charge-codes/{code}: rename, move to another category, retire or bring back (the code itself stays). */
export const chargeCodePatchSchema = chargeCodeInputSchema
  .omit({ code: true, active: true })
  .partial()
  .extend({ active: z.boolean({ error: msg('active is true or false') }).optional() })
  .refine((v) => v.name !== undefined || v.category !== undefined || v.active !== undefined, { message: msg('Give a name, a category or active'), path: ['name'] });
export type ChargeCodePatch = z.infer<typeof chargeCodePatchSchema>;

/** The charge-codes page's URL state. */
export const chargeCodeSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ChargeCodeSearch = z.infer<typeof chargeCodeSearchSchema>;

export type ChargeCode = z.infer<typeof chargeCodeSchema>;
export type ChargeCodeInput = z.infer<typeof chargeCodeInputSchema>;
