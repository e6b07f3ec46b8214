/**
 * Reads and writes the gettext PO catalogs that translators' tools open (src/locales/<language>.po, decision 0270).
 * A catalog holds, for each English message (its msgid, ICU MessageFormat), the translation (msgstr) and the places
 * that use it (`#:` comments). Only what Cargodesk writes is read: no contexts, no gettext plurals (ICU plurals sit
 * inside the message), no fuzzy entries.
 */

export type PoEntry = { id: string; translation: string; references: string[] };

function unquote(line: string): string {
  const body = line.trim().replace(/^"|"$/g, '');
  return body.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function quote(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t');
  const lines = escaped.split('\n');
  if (lines.length === 1) return `"${escaped}"`;
  return ['""', ...lines.map((l, i) => `"${l}${i < lines.length - 1 ? '\\n' : ''}"`).filter((l) => l !== '""')].join('\n');
}

/** The entries of a PO text, in file order; the header entry (empty msgid) is left out. */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: PoEntry | null = null;
  let field: 'id' | 'translation' | null = null;
  const finish = () => {
    if (current && current.id !== '') entries.push(current);
    current = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      finish();
    } else if (line.startsWith('#:')) {
      if (field === 'translation') finish();
      current ??= { id: '', translation: '', references: [] };
      current.references.push(...line.slice(2).trim().split(/\s+/).filter(Boolean));
    } else if (line.startsWith('#')) {
      continue;
    } else if (line.startsWith('msgid ')) {
      if (field === 'translation') finish();
      current ??= { id: '', translation: '', references: [] };
      current.id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      if (!current) throw new Error(`msgstr without msgid: ${line}`);
      current.translation = unquote(line.slice(7));
      field = 'translation';
    } else if (line.startsWith('"') && current && field) {
      current[field] += unquote(line);
    } else {
      throw new Error(`Unreadable PO line: ${line}`);
    }
  }
  finish();
  return entries;
}

/** The catalog as a lookup: English message to its translation (untranslated entries left out). */
export function poMessages(text: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const entry of parsePo(text)) if (entry.translation !== '') messages[entry.id] = entry.translation;
  return messages;
}

/** A PO text with a header naming the language, then one entry per message in the order given. */
export function writePo(language: string, entries: readonly PoEntry[]): string {
  const header = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=utf-8\\n"', `"Language: ${language}\\n"`, '"MIME-Version: 1.0\\n"'];
  const blocks = entries.map((e) => [...(e.references.length ? [`#: ${e.references.join(' ')}`] : []), `msgid ${quote(e.id)}`, `msgstr ${quote(e.translation)}`].join('\n'));
  return `${[header.join('\n'), ...blocks].join('\n\n')}\n`;
}
