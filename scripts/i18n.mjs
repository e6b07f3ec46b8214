#!/usr/bin/env node
/**
 * The message catalogs (issue 42, decision 0270). Every text people read is written in English in the code, inside
 * `t('...')` (where it is shown) or `msg('...')` (where it is written, translated later); this script finds them all.
 *
 *   npm run i18n            writes src/locales/<language>.po for every language: new messages added untranslated,
 *                           unused ones removed, translations in src/locales/incoming/*.po folded in (and those files
 *                           deleted), entries sorted by message.
 *   npm run i18n -- --check (part of npm run lint) fails on a message missing from a catalog or untranslated, on a
 *                           catalog entry no code uses, on references (`#:`) that no longer name the files using a
 *                           message (the build cuts each route's messages by them, decision 0294), on a message that
 *                           is not valid ICU MessageFormat, and on a translation whose {placeholders} differ from the
 *                           English.
 *   npm run i18n -- --check --only=src/web/features/x,src/domain/y
 *                           the same check for the messages those paths use, counting translations still waiting in
 *                           src/locales/incoming/*.po (for work in progress).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parse } from '@messageformat/parser';
import { parsePo, writePo } from '../src/domain/common/po.ts';

const root = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(root, 'src/locales');
const incomingDir = path.join(localesDir, 'incoming');
const check = process.argv.includes('--check');
const MARKERS = new Set(['t', 'msg']);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',').filter(Boolean);

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$|test-fixtures\.ts$|\.d\.ts$/.test(entry.name)) yield full;
  }
}

/** English message -> the files that use it. */
export function extract() {
  const found = new Map();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\b(t|msg)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.arguments.length > 0) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const first = node.arguments[0];
        if (MARKERS.has(name) && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          const rel = path.relative(root, file).split(path.sep).join('/');
          const refs = found.get(first.text) ?? new Set();
          refs.add(rel);
          found.set(first.text, refs);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The names of a message's {placeholders}, sorted; throws when it is not ICU MessageFormat. */
function placeholders(message) {
  const names = new Set();
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort().join(',');
}

const catalogFiles = () => fs.readdirSync(localesDir).filter((f) => f.endsWith('.po')).map((f) => [f.slice(0, -3), path.join(localesDir, f)]);
const byMessage = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const used = extract();
const problems = [];
for (const id of used.keys()) {
  try {
    placeholders(id);
  } catch (e) {
    problems.push(`not ICU MessageFormat: ${JSON.stringify(id)} (${e.message}) in ${[...used.get(id)].join(', ')}`);
  }
}

const incoming = new Map();
if ((!check || only) && fs.existsSync(incomingDir)) {
  for (const f of fs.readdirSync(incomingDir).filter((f) => f.endsWith('.po'))) {
    const [language] = f.split('.');
    for (const e of parsePo(fs.readFileSync(path.join(incomingDir, f), 'utf8'))) {
      if (e.translation) incoming.set(`${language}\u0000${e.id}`, e.translation);
    }
  }
}

for (const [language, file] of catalogFiles()) {
  const entries = parsePo(fs.readFileSync(file, 'utf8'));
  const have = new Map(entries.map((e) => [e.id, e.translation]));
  if (only) {
    for (const [id, refs] of used) {
      if (![...refs].some((r) => only.some((o) => r.startsWith(o)))) continue;
      try {
        const translation = incoming.get(`${language}\u0000${id}`) ?? have.get(id);
        if (!translation) problems.push(`${language}: not translated ${JSON.stringify(id)} (${[...refs].join(', ')})`);
        else if (placeholders(translation) !== placeholders(id)) problems.push(`${language}: placeholders differ from the English in ${JSON.stringify(translation)}`);
      } catch (err) {
        problems.push(`${language}: not ICU MessageFormat in the translation of ${JSON.stringify(id)} (${err.message})`);
      }
    }
    continue;
  }
  if (check) {
    for (const [id, refs] of used) {
      if (!have.has(id)) problems.push(`${language}: missing ${JSON.stringify(id)} (${[...refs].join(', ')})`);
      else if (!have.get(id)) problems.push(`${language}: not translated ${JSON.stringify(id)}`);
    }
    for (const e of entries) {
      if (!used.has(e.id)) problems.push(`${language}: unused ${JSON.stringify(e.id)} (no t() or msg() has it; run npm run i18n)`);
      // The references say which route's first messages carry it (decision 0294): they must name the files using it now.
      else if (e.references.join(' ') !== [...used.get(e.id)].sort().join(' ')) problems.push(`${language}: ${JSON.stringify(e.id)} is used in ${[...used.get(e.id)].sort().join(', ')}, the catalog says ${e.references.join(', ') || 'nowhere'} (run npm run i18n)`);
      else if (e.translation) {
        try {
          if (placeholders(e.translation) !== placeholders(e.id)) problems.push(`${language}: placeholders differ from the English in ${JSON.stringify(e.translation)}`);
        } catch (err) {
          problems.push(`${language}: not ICU MessageFormat: ${JSON.stringify(e.translation)} (${err.message})`);
        }
      }
    }
    continue;
  }
  const next = [...used].map(([id, refs]) => ({
    id,
    translation: incoming.get(`${language}\u0000${id}`) ?? have.get(id) ?? '',
    references: [...refs].sort(),
  }));
  fs.writeFileSync(file, writePo(language, next.sort(byMessage)));
  const untranslated = next.filter((e) => !e.translation).length;
  console.log(`${path.relative(root, file)}: ${next.length} messages, ${untranslated} untranslated`);
}

if (!check && fs.existsSync(incomingDir)) fs.rmSync(incomingDir, { recursive: true });
if (problems.length) {
  console.error(`${problems.length} catalog problem(s):\n${problems.slice(0, 200).join('\n')}`);
  process.exit(1);
}
if (only) console.log(`${only.join(', ')}: every message translated`);
else if (check) console.log(`catalogs: ${used.size} messages, every language complete`);
