const regions = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** 'TR' -> 'Türkiye'; null for an incomplete or unknown code (the code is then shown alone). */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || !regions) return null;
  try {
    const name = regions.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}
