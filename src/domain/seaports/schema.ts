import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { ENGLISH, msg } from '@domain/common/i18n';

/** Spec section 5 (Port) and section 8: the fixed texts of the sea port screens. */
export const SEAPORT_MESSAGES = {
  required: msg('Please fill in all required fields'),
  unCodeFormat: msg('UN Code must be 5 characters: a 2-letter country code and a 3-character location code (e.g. TRIST)'),
  notFound: msg('Port not found'),
  duplicate: (code: string) => ENGLISH.t(msg('A port with UN code {code} already exists'), { code }),
  inUse: (name: string, n: number) =>
    ENGLISH.t(msg('{name} cannot be deleted: it is the origin or destination port of {count} shipment(s). Choose another port on those shipments first.'), { name, count: n }),
  deleteConfirm: (name: string, unCode: string | null) =>
    unCode
      ? ENGLISH.t(msg('Are you sure you want to delete {name} ({code})? This action cannot be undone.'), { name, code: unCode })
      : ENGLISH.t(msg('Are you sure you want to delete {name}? This action cannot be undone.'), { name }),
  loadError: msg('Error fetching ports:'),
  empty: msg('No ports found'),
} as const;

export const UN_CODE_LENGTH = 5;
export const PORT_NAME_MAX = 200;
export const PORT_COUNTRY_MAX = 100;

/** UN/LOCODE: 2-letter ISO country, then 3 letters or digits 2-9 (e.g. TRIST, USAR5). */
export const UN_LOCODE_PATTERN = /^[A-Z]{2}[A-Z2-9]{3}$/;

/** Keeps ASCII letters and digits only, uppercased: 'tr ist' -> 'TRIST'. */
export function unCodeCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** The UN Code input rule: uppercased as typed, letters and digits only, at most 5 characters. */
export function normalizeUnCode(value: string): string {
  return unCodeCharacters(value).slice(0, UN_CODE_LENGTH);
}

/** The city part of a port name (text before the first comma), used when a port fills a shipment's city. */
export function portCity(name: string): string {
  return (name.split(',')[0] ?? '').trim();
}

const requiredText = z.string({ error: SEAPORT_MESSAGES.required }).trim().min(1, SEAPORT_MESSAGES.required);

/**
 * POST /seaports and PUT /seaports/:id body. UN Code is optional (empty becomes null); when given it must be
 * a whole UN/LOCODE. 'Please fill in all required fields' always comes first; the other rules after it.
 */
export const seaportInputSchema = z
  .object({
    name: requiredText,
    country: requiredText,
    un_code: z
      .string()
      .nullish()
      .transform((v) => (v ? unCodeCharacters(v) || null : null)),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (typeof v.name === 'string' && v.name.length > PORT_NAME_MAX) issue('name', msg('Port Name must be at most 200 characters'));
    if (typeof v.country === 'string' && v.country.length > PORT_COUNTRY_MAX) issue('country', msg('Country must be at most 100 characters'));
    if (typeof v.un_code === 'string' && !UN_LOCODE_PATTERN.test(v.un_code)) issue('un_code', SEAPORT_MESSAGES.unCodeFormat);
  });
export type SeaportInput = z.input<typeof seaportInputSchema>;

export const seaportSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  un_code: z.string().nullable(),
});
export type Seaport = z.infer<typeof seaportSchema>;

export const seaportListQuerySchema = listQuerySchema.omit({ dir: true });
export const seaportPageSchema = pageSchema(seaportSchema);
export type SeaportPage = z.infer<typeof seaportPageSchema>;

/** The list screen's URL state (/seaports?q=&page=): bad values fall back to the defaults. */
export const seaportListSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type SeaportListSearch = z.infer<typeof seaportListSearchSchema>;

/** The exact-code-first rule of the pickers: a search that is a whole UN code puts that port first. */
export function exactUnCodeOf(q: string): string | null {
  const t = q.trim().toUpperCase();
  return UN_LOCODE_PATTERN.test(t) ? t : null;
}
