// Writes docs/decisions/README.md, the index of the decision records, from the records themselves (their title, date
// and status lines). `npm run docs:decisions`; tests/decisions.unit.test.ts fails when the index is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');

/** Every record: its file, number, title, date and status, in number order. */
export function readRecords() {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const title = /^# (\d{4}):? (.+)$/m.exec(text);
      const date = /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text);
      const status = /^- Status: (.+)$/m.exec(text);
      return { file, number: file.slice(0, 4), titleNumber: title?.[1] ?? null, title: title?.[2]?.trim() ?? null, date: date?.[1] ?? null, status: status?.[1] ?? null };
    });
}

export function indexText(records = readRecords()) {
  const rows = records.map((r) => `| [${r.number}](${r.file}) | ${r.title} | ${r.date} | ${r.status} |`);
  return [
    '# Decision records',
    '',
    'Each record says what was decided, why, and what was measured. A record is never rewritten to change its decision:',
    'a later record amends or supersedes it, and the earlier one\'s status line says so. A new record takes the next free',
    'number, starts with `# NNNN Title`, a `- Date:` and a `- Status:` line (`accepted`, `accepted; amended by NNNN (...)`',
    'or `superseded by NNNN (...)`), then the context, the decision and its consequences. This index is written by',
    '`npm run docs:decisions` (scripts/decisions-index.mjs); a unit test fails when it is out of date.',
    '',
    '| record | title | date | status |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(path.join(dir, 'README.md'), indexText());
  console.log(`docs/decisions/README.md: ${readRecords().length} records`);
}
