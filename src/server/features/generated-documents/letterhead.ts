import { ENGLISH, msg } from '@domain/common/i18n';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { letterhead } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { AppError, notFound } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import { LETTERHEAD_LIMITS, type Letterhead, type LetterheadInput } from '@domain/generated-documents/schema';
import { getBillingSettings } from '@server/features/billing-settings/index';
import type { PrintLetterhead } from '@server/pdf/types';

/** Until an administrator fills in Settings, papers carry the product's name and no address. */
const DEFAULT_NAME = 'Cargodesk';

export const LETTERHEAD_MESSAGES = {
  logoType: msg('The logo must be a PNG or JPEG image'),
  logoSize: ENGLISH.t(msg('The logo must be smaller than {size} KB'), { size: LETTERHEAD_LIMITS.logoBytes / 1024 }),
  noLogo: msg('No logo is set'),
} as const;

const EMPTY: Omit<Letterhead, 'updated_at' | 'has_logo'> = {
  name: DEFAULT_NAME, address: '', phone: '', email: '', tax_id: '', registration_number: '', place_of_issue: '', bl_prefix: 'CDK', bl_signed_as: 'agent', bl_terms: '',
  iata_agent_code: '', iata_account: '',
};
const textColumns = {
  name: letterhead.name, address: letterhead.address, phone: letterhead.phone, email: letterhead.email, tax_id: letterhead.tax_id,
  registration_number: letterhead.registration_number, place_of_issue: letterhead.place_of_issue, bl_prefix: letterhead.bl_prefix,
  bl_signed_as: letterhead.bl_signed_as, bl_terms: letterhead.bl_terms, iata_agent_code: letterhead.iata_agent_code, iata_account: letterhead.iata_account,
};

/** The letterhead as Settings shows it. */
export async function getLetterhead(db: Db | Tx): Promise<Letterhead> {
  const [row] = await db.select({ ...textColumns, logo_type: letterhead.logo_type, updated_at: letterhead.updated_at }).from(letterhead).where(eq(letterhead.id, 1));
  if (!row) return { ...EMPTY, has_logo: false, updated_at: null };
  const { logo_type, updated_at, ...text } = row;
  return { ...text, has_logo: logo_type !== null, updated_at: updated_at.toISOString() };
}

/**
 * The letterhead as a paper prints it: its text and logo, and the bank details and VAT number of the billing settings
 * (one place for them: the invoices read them there too), so a debit note can be paid from.
 */
export async function letterheadForPrint(db: Db | Tx): Promise<PrintLetterhead> {
  const [[row], billing] = await Promise.all([db.select({ ...textColumns, logo: letterhead.logo }).from(letterhead).where(eq(letterhead.id, 1)), getBillingSettings(db)]);
  const bank = billing.iban ? { name: billing.bank_name, iban: billing.iban, bic: billing.bic } : null;
  return { ...(row ?? { ...EMPTY, logo: null }), logo: row?.logo ?? null, vat_number: billing.vat_number, bank };
}

/** Saves the letterhead's text (audited with what changed). */
export async function setLetterhead(db: Db, actor: Actor, input: LetterheadInput): Promise<Letterhead> {
  await db.transaction(async (tx) => {
    const before = await getLetterhead(tx);
    const values = { ...pickText(before), ...definedOf(input), updated_at: new Date(), updated_by: actor.user.id };
    await tx.insert(letterhead).values({ id: 1, ...values }).onConflictDoUpdate({ target: letterhead.id, set: values });
    const changed = Object.fromEntries(
      (Object.keys(definedOf(input)) as (keyof LetterheadInput)[]).filter((k) => before[k] !== input[k]).map((k) => [k, { old: before[k], new: input[k] }]),
    );
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, { action: 'settings.letterhead', actor: actor.user, target: 'Letterhead', details: changed, ip: actor.ip });
    }
  });
  return getLetterhead(db);
}

const pickText = (l: Letterhead) => Object.fromEntries(Object.keys(textColumns).map((k) => [k, l[k as keyof typeof textColumns]])) as Omit<Letterhead, 'updated_at' | 'has_logo'>;
const definedOf = (input: LetterheadInput) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<LetterheadInput>;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type by its first bytes (PNG or JPEG, the two a PDF embeds), else null. */
export function logoTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/** Reads a logo upload: at most the limit (413 past it, without reading on), a PNG or JPEG by content (415). */
export async function readLogo(body: ReadableStream<Uint8Array> | null, contentLength: string | undefined): Promise<{ bytes: Buffer; type: 'image/png' | 'image/jpeg' }> {
  if (contentLength && Number(contentLength) > LETTERHEAD_LIMITS.logoBytes) throw new AppError('too_large', LETTERHEAD_MESSAGES.logoSize);
  const parts: Buffer[] = [];
  let size = 0;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > LETTERHEAD_LIMITS.logoBytes) {
        await reader.cancel();
        throw new AppError('too_large', LETTERHEAD_MESSAGES.logoSize);
      }
      parts.push(Buffer.from(value));
    }
  }
  const bytes = Buffer.concat(parts);
  const type = logoTypeOf(bytes);
  if (!type) throw new AppError('unsupported_type', LETTERHEAD_MESSAGES.logoType);
  return { bytes, type };
}

/** Sets the logo; the letterhead row is created with the default name when there is none. */
export async function setLogo(db: Db, actor: Actor, logo: { bytes: Buffer; type: 'image/png' | 'image/jpeg' }): Promise<Letterhead> {
  await db.transaction(async (tx) => {
    const values = { logo: logo.bytes, logo_type: logo.type, updated_at: new Date(), updated_by: actor.user.id };
    await tx.insert(letterhead).values({ id: 1, name: DEFAULT_NAME, ...values }).onConflictDoUpdate({ target: letterhead.id, set: values });
    await recordAudit(tx, { action: 'settings.letterhead', actor: actor.user, target: 'Letterhead', details: { logo: { new: `${logo.type}, ${logo.bytes.length} bytes` } }, ip: actor.ip });
  });
  return getLetterhead(db);
}

/** Removes the logo (audited); 404 when none is set. */
export async function deleteLogo(db: Db, actor: Actor): Promise<Letterhead> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ type: letterhead.logo_type }).from(letterhead).where(eq(letterhead.id, 1)).for('update');
    if (!row?.type) throw notFound(LETTERHEAD_MESSAGES.noLogo);
    await tx.update(letterhead).set({ logo: null, logo_type: null, updated_at: new Date(), updated_by: actor.user.id }).where(eq(letterhead.id, 1));
    await recordAudit(tx, { action: 'settings.letterhead', actor: actor.user, target: 'Letterhead', details: { logo: { old: row.type, new: null } }, ip: actor.ip });
  });
  return getLetterhead(db);
}

/** The logo's bytes and type; 404 when none is set. */
export async function getLogo(db: Db): Promise<{ bytes: Buffer; type: string }> {
  const [row] = await db.select({ logo: letterhead.logo, type: letterhead.logo_type }).from(letterhead).where(eq(letterhead.id, 1));
  if (!row?.logo || !row.type) throw notFound(LETTERHEAD_MESSAGES.noLogo);
  return { bytes: row.logo, type: row.type };
}
