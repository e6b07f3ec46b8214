/**
 * How a text shown without values is found in a language's catalog (decision 0300). A text the code wrote is a catalog
 * key. A text the domain composed (`ENGLISH.t(msg('The invoice has no line {position}'), { position })`) is its
 * template with the values in, and is found by matching the catalog's templates, so it is translated with the same
 * values. Anything else (a name, a message the server already translated, what a person typed) is not a message: it is
 * shown as it is and never read as ICU MessageFormat, so a `{` someone typed can neither break nor change it.
 */

export type FoundMessage = { id: string; values?: Record<string, string> };

/** A template the matcher reads: only `{name}` placeholders (no plural, select or quoted brace), and text around them. */
const SIMPLE = /^(?:[^{}']|'(?![{}'])|\{\s*[A-Za-z_]\w*\s*\})*$/;

/** A message whose only ICU syntax is `{name}` placeholders: no plural, select or quoting (most of the catalog). */
export const isSimpleMessage = (message: string): boolean => SIMPLE.test(message);
/** Fewer characters of text than this beside the placeholders ('{label} for {key}') would match too much. */
const MIN_LITERAL = 12;
const PLACEHOLDERS = /\{\s*([A-Za-z_]\w*)\s*\}/g;

type Template = { id: string; names: string[]; pattern: RegExp; anchor: string; literal: number };

/** Longer texts are not composed messages (and a long text must not cost a long match). */
const MAX_COMPOSED = 2000;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(id: string): Template | undefined {
  if (!id.includes('{') || !SIMPLE.test(id)) return undefined;
  const parts = id.split(PLACEHOLDERS);
  const literals = parts.filter((_, i) => i % 2 === 0);
  const names = parts.filter((_, i) => i % 2 === 1);
  const anchor = literals.reduce((a, b) => (b.length > a.length ? b : a), '');
  // A template that is nearly all placeholders ('{name}', '{label} for {key}') would match any text: never a match.
  if (anchor.trim().length < 3 || literals.join('').length < MIN_LITERAL) return undefined;
  const source = parts.map((part, i) => (i % 2 === 1 ? '([\\s\\S]*?)' : escapeRegExp(part))).join('');
  return { id, names, pattern: new RegExp(`^${source}$`), anchor, literal: literals.join('').length };
}

/**
 * The finder of one catalog's messages (its English keys): a text that is a key; else the template it fills, with the
 * values read back (the most specific template when several fit; a placeholder used twice must read the same twice).
 */
export function messageFinder(ids: Iterable<string>): (text: string) => FoundMessage | undefined {
  const keys = new Set(ids);
  let templates: Template[] | undefined;
  return (text) => {
    if (keys.has(text)) return { id: text };
    if (text.length > MAX_COMPOSED) return undefined;
    templates ??= [...keys].map(templateOf).filter((x): x is Template => x !== undefined).sort((a, b) => b.literal - a.literal);
    for (const template of templates) {
      if (!text.includes(template.anchor)) continue;
      const match = template.pattern.exec(text);
      if (!match) continue;
      const values: Record<string, string> = {};
      let same = true;
      template.names.forEach((name, i) => {
        const value = match[i + 1]!;
        if (Object.hasOwn(values, name) && values[name] !== value) same = false;
        values[name] = value;
      });
      if (same) return { id: template.id, values };
    }
    return undefined;
  };
}

/**
 * A message that carries its context for translators (`{column, select, other {Charge}}`: the same English word, said
 * differently in another language in another place): its English is the word inside.
 */
const CONTEXT = /^\{\s*[A-Za-z_]\w*\s*,\s*select\s*,\s*other\s*\{([^{}']*)\}\s*\}$/;

/** What `translator` needs of a Lingui instance. */
export type MessageRuntime = { readonly locale: string; _(id: string, values?: Record<string, unknown>): string };

/**
 * A reader's `t` (web and server alike): with values, the code's own message in the reader's language; without, the
 * text's message if it is one (a key, or a composed text of a template, its values that are keys translated too), else
 * the text as it is. In the code's own language a text without values is already what the reader reads. A message that
 * cannot be formatted shows as written.
 */
export function translator(i18n: MessageRuntime, source: string, find: () => (text: string) => FoundMessage | undefined) {
  return (message: string, values?: Record<string, unknown>): string => {
    let id = message;
    let filled = values;
    if (!values) {
      if (i18n.locale === source) return CONTEXT.exec(message)?.[1] ?? message;
      const lookup = find();
      const found = lookup(message);
      if (!found) return message;
      id = found.id;
      // A value that is itself a message (a status, a field's label) is read in the reader's language too.
      const keyOrText = (v: string) => {
        const key = lookup(v);
        return key && !key.values ? i18n._(v) : v;
      };
      filled = found.values && Object.fromEntries(Object.entries(found.values).map(([k, v]) => [k, keyOrText(v)]));
    }
    try {
      return i18n._(id, filled);
    } catch {
      return message;
    }
  };
}
