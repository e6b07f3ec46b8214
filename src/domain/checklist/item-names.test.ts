import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { poMessages } from '@domain/common/po';
import { TEMPLATE_ITEM_NAMES, checklistItemName } from './item-names';

const root = path.resolve(__dirname, '../../..');
const migrations = path.join(root, 'src/server/db/migrations');
/** Every item name the migrations write into the checklist templates (the fourth value of their INSERT rows). */
function namesInMigrations(): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = readFileSync(path.join(migrations, file), 'utf8');
    for (const insert of sql.matchAll(/INSERT INTO "checklist_template_items"[^;]*;/g)) {
      // VALUES rows ('sea', 'export', 1, 'Name', ...) and an INSERT ... SELECT 'sea', 'export', <position>, 'Name'.
      const rows = [...insert[0].matchAll(/\('(?:[^']|'')*', '(?:[^']|'')*', \d+, '((?:[^']|'')*)'/g), ...insert[0].matchAll(/SELECT '[^']*', '[^']*', [^']*?, '((?:[^']|'')*)'/g)];
      for (const row of rows) names.add(row[1]!.replaceAll("''", "'"));
    }
  }
  return [...names].sort();
}

describe("checklist templates' item names (issue 42)", () => {
  it('holds every name the templates start with, and no other', () => {
    const written = namesInMigrations();
    expect(written.length).toBeGreaterThan(10);
    expect(written).toEqual([...TEMPLATE_ITEM_NAMES].sort());
  });

  it('has each in Turkish, as a Turkish forwarder calls the paper', () => {
    const tr = poMessages(readFileSync(path.join(root, 'src/locales/tr.po'), 'utf8'));
    for (const name of TEMPLATE_ITEM_NAMES) expect(tr[name], name).toBeTruthy();
    expect(tr['Packing List']).toBe('Çeki Listesi');
    expect(tr['Commercial Invoice']).toBe('Ticari Fatura');
    expect(tr['Certificate of Origin']).toBe('Menşe Şahadetnamesi');
  });

  it("translates a template's name for its reader and leaves an office's own name as written", () => {
    const t = (m: string) => `tr:${m}`;
    expect(checklistItemName('Packing List', t)).toBe('tr:Packing List');
    expect(checklistItemName('Fumigation certificate', t)).toBe('Fumigation certificate');
    expect(checklistItemName('Packing list', t)).toBe('Packing list');
  });
});
