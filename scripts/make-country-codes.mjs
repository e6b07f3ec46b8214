// Writes src/domain/locale/country-codes.ts: each country name the sea-port reference data writes (the package's
// English names: "Turkey", "Korea, Republic of") with its ISO 3166-1 alpha-2 code, the first two letters of its ports'
// UN/LOCODEs (the most frequent where a name has more than one: "Netherlands" NL, not AN), and every code the reference
// data uses (those of the sea ports and the airports' ISO countries: "CH", "CZ" have no sea port). The portal shows such
// a name, or such a code typed as the country, in the reader's language through CLDR (src/domain/locale/countries.ts,
// decisions 0307 and 0308). Run after the reference data changes: `node scripts/make-country-codes.mjs`; a unit test
// fails while the file is stale.
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

/** Every ISO 3166-1 alpha-2 code the reference data uses: the sea ports' and the airports' countries, sorted. */
export function knownCodesOf(seaports, airports) {
  return [...new Set([...seaports.map((p) => p.un_code.slice(0, 2)), ...airports.map((a) => a.iso_country)])].filter((c) => /^[A-Z]{2}$/.test(c)).sort();
}

export function countryCodesModule(codes, known) {
  const quoted = (name) => (name.includes("'") ? JSON.stringify(name) : `'${name}'`);
  const lines = Object.entries(codes).map(([name, code]) => `  ${quoted(name)}: '${code}',`);
  const rows = [];
  for (let i = 0; i < known.length; i += 20) rows.push(`  ${known.slice(i, i + 20).map((c) => `'${c}'`).join(', ')},`);
  return [
    '// Written by scripts/make-country-codes.mjs from src/server/db/seed/data/seaports.json and airports.json: do not edit.',
    '/** Each country name the reference data writes (English) and its ISO 3166-1 alpha-2 code. */',
    'export const COUNTRY_CODES: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
    '/** Every ISO 3166-1 alpha-2 code the reference data uses (its sea ports and airports). */',
    'export const KNOWN_COUNTRY_CODES: ReadonlySet<string> = new Set([',
    ...rows,
    ']);',
    '',
  ].join('\n');
}

export function readReferenceData(rootDir = root) {
  const read = (file) => JSON.parse(fs.readFileSync(path.join(rootDir, 'src/server/db/seed/data', file), 'utf8'));
  return { seaports: read('seaports.json'), airports: read('airports.json') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { seaports, airports } = readReferenceData();
  const file = path.join(root, 'src/domain/locale/country-codes.ts');
  const known = knownCodesOf(seaports, airports);
  fs.writeFileSync(file, countryCodesModule(countryCodesOf(seaports), known));
  console.log(`${path.relative(root, file)}: ${Object.keys(countryCodesOf(seaports)).length} country names, ${known.length} codes`);
}
