import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { indexText, readRecords } from '../scripts/decisions-index.mjs';

type Record = { file: string; number: string; titleNumber: string | null; title: string | null; date: string | null; status: string | null };
const records = readRecords() as Record[];
const index = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions/README.md');

describe('the decision records (issue 43)', () => {
  it('each has its number in its title, a date and a status that is accepted, amended or superseded by a record that exists', () => {
    expect(records.length).toBeGreaterThan(100);
    const numbers = new Set(records.map((r) => r.number));
    for (const r of records) {
      expect(r.titleNumber, r.file).toBe(r.number);
      expect(r.title, r.file).toBeTruthy();
      expect(r.date, r.file).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(r.status, r.file).toMatch(/^(accepted|accepted; amended by \d{4}.*|superseded by \d{4}.*)$/);
      for (const n of (r.status ?? '').match(/\b\d{4}\b/g) ?? []) expect(numbers.has(n), `${r.file} names ${n}`).toBe(true);
    }
  });

  it('no two records share a number', () => {
    expect(new Set(records.map((r) => r.number)).size).toBe(records.length);
  });

  it('the index lists them all as they are (npm run docs:decisions writes it)', () => {
    expect(fs.readFileSync(index, 'utf8')).toBe(indexText());
  });
});
