import { z } from 'zod';
import { listQuerySchema, pageSchema } from '@domain/common/list-schema';
import { ENGLISH, msg } from '@domain/common/i18n';

/** Spec section 5 (Airport) and section 8: the fixed texts of the airport screens. */
export const AIRPORT_MESSAGES = {
  required: msg('Please fill in all required fields'),
  iataLength: msg('IATA code must be 3 letters'),
  countryLength: msg('Country code must be 2 letters'),
  notFound: msg('Airport not found'),
  duplicate: (code: string) => ENGLISH.t(msg('An airport with IATA code {code} already exists'), { code }),
  inUse: (name: string, iata: string, n: number) =>
    ENGLISH.t(msg('{name} ({code}) cannot be deleted: it is the origin or destination airport of {count} shipment(s). Choose another airport on those shipments first.'), { name, code: iata, count: n }),
  deleteConfirm: (name: string, iata: string) => ENGLISH.t(msg('Are you sure you want to delete {name} ({code})? This action cannot be undone.'), { name, code: iata }),
  loadError: msg('Error fetching airports:'),
  empty: msg('No airports found'),
} as const;

export const IATA_CODE_LENGTH = 3;
export const COUNTRY_CODE_LENGTH = 2;
export const AIRPORT_NAME_MAX = 200;
export const MUNICIPALITY_MAX = 120;

/** Keeps the ASCII letters only, uppercased: 'j f-k1' -> 'JFK'. */
export function lettersUpper(value: string): string {
  return value.replace(/[^A-Za-z]/g, '').toUpperCase();
}

/** The IATA input rule: letters only, uppercased as typed, at most 3. */
export function normalizeIata(value: string): string {
  return lettersUpper(value).slice(0, IATA_CODE_LENGTH);
}

/** The country code input rule: letters only, uppercased as typed, at most 2 (ISO 3166-1 alpha-2). */
export function normalizeCountryCode(value: string): string {
  return lettersUpper(value).slice(0, COUNTRY_CODE_LENGTH);
}

/** A required text: missing or blank gives the spec's one message. */
const requiredText = z.string({ error: AIRPORT_MESSAGES.required }).trim().min(1, AIRPORT_MESSAGES.required);

/** A required code: the same letters-only, uppercase rule as the form input (its length is checked below). */
const requiredCode = z
  .string({ error: AIRPORT_MESSAGES.required })
  .transform(lettersUpper)
  .pipe(z.string().min(1, AIRPORT_MESSAGES.required));

/**
 * POST /airports and PUT /airports/:id body. City (municipality) is optional: empty becomes null.
 * 'Please fill in all required fields' always comes first; format and length rules are checked after it.
 * A code longer than its length is refused rather than cut, so an API client never saves a code it did not send.
 */
export const airportInputSchema = z
  .object({
    iata_code: requiredCode,
    name: requiredText,
    iso_country: requiredCode,
    municipality: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (typeof v.iata_code === 'string' && v.iata_code && v.iata_code.length !== IATA_CODE_LENGTH) issue('iata_code', AIRPORT_MESSAGES.iataLength);
    if (typeof v.name === 'string' && v.name.length > AIRPORT_NAME_MAX) issue('name', msg('Name must be at most 200 characters'));
    if (typeof v.iso_country === 'string' && v.iso_country && v.iso_country.length !== COUNTRY_CODE_LENGTH) {
      issue('iso_country', AIRPORT_MESSAGES.countryLength);
    }
    if (typeof v.municipality === 'string' && v.municipality.length > MUNICIPALITY_MAX) issue('municipality', msg('City must be at most 120 characters'));
  });
export type AirportInput = z.input<typeof airportInputSchema>;

export const airportSchema = z.object({
  id: z.string(),
  iata_code: z.string(),
  name: z.string(),
  iso_country: z.string(),
  municipality: z.string().nullable(),
});
export type Airport = z.infer<typeof airportSchema>;

export const airportListQuerySchema = listQuerySchema.omit({ dir: true });
export const airportPageSchema = pageSchema(airportSchema);
export type AirportPage = z.infer<typeof airportPageSchema>;

/** The list screen's URL state (/airports?q=&page=): bad values fall back to the defaults. */
export const airportListSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type AirportListSearch = z.infer<typeof airportListSearchSchema>;

/** The exact-code-first rule of the pickers: a search that is a whole IATA code puts that airport first. */
export function exactIataOf(q: string): string | null {
  const t = q.trim();
  return /^[A-Za-z]{3}$/.test(t) ? t.toUpperCase() : null;
}
