import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const currency = z.string().regex(/^[A-Z]{3}$/).optional().catch(undefined);

/** The statement page's state in the URL: the company (staff pick one), the days and the currency. Bad values are dropped. */
export const statementSearchSchema = z.object({ company_id: z.uuid().optional().catch(undefined), from: day, to: day, currency });
export type StatementSearch = z.infer<typeof statementSearchSchema>;

/** The ageing report's day, currency and page (of companies) in the URL. */
export const ageingSearchSchema = z.object({ as_of: day, currency, page: z.coerce.number().int().min(1).optional().catch(undefined) });
export type AgeingSearch = z.infer<typeof ageingSearchSchema>;
