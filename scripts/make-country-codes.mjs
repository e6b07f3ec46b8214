// Writes src/domain/locale/country-codes.ts: each country name the sea-port reference data writes (the package's
// English names: "Turkey", "Korea, Republic of") with its ISO 3166-1 alpha-2 code, the first two letters of its ports'
// UN/LOCODEs (the most frequent where a name has more than one: "Netherlands" NL, not AN). The portal shows such a name
// in the reader's language through CLDR (src/domain/locale/countries.ts, decision 0307). Run after the reference data
// changes: `node scripts/make-country-codes.mjs`; a unit test fails while the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Name -> code from the sea ports (exported for the unit test). */
export function countryCodesOf(seaports) {
  const counts = new Map();
  for (const p of seaports) {
    const byCode = counts.get(p.country) ?? new Map();
    const code = p.un_code.slice(0, 2);
    byCode.set(code, (byCode.get(code) ?? 0) + 1);
    counts.set(p.country, byCode);
  }
  const out = {};
  for (const name of [...counts.keys()].sort()) {
    out[name] = [...counts.get(name)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  }
  return out;
}

export function countryCodesModule(codes) {
  const quoted = (name) => (name.includes("'") ? JSON.stringify(name) : `'${name}'`);
  const lines = Object.entries(codes).map(([name, code]) => `  ${quoted(name)}: '${code}',`);
  return [
    '// Written by scripts/make-country-codes.mjs from src/server/db/seed/data/seaports.json: do not edit.',
    '/** Each country name the reference data writes (English) and its ISO 3166-1 alpha-2 code. */',
    'export const COUNTRY_CODES: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seaports = JSON.parse(fs.readFileSync(path.join(root, 'src/server/db/seed/data/seaports.json'), 'utf8'));
  const file = path.join(root, 'src/domain/locale/country-codes.ts');
  fs.writeFileSync(file, countryCodesModule(countryCodesOf(seaports)));
  console.log(`${path.relative(root, file)}: ${Object.keys(countryCodesOf(seaports)).length} countries`);
}
