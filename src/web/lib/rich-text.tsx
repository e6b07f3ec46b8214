/**
 * Sentences with elements inside them (bold words, a link, a person's email in bold), translated whole (issue 42): the
 * message keeps its words in the translator's order, and the elements are put where the translation has them.
 *
 *   richText(t('Signing in as {email}', slots('email')), { email: <b>{email}</b> })
 *   richText(t('You can <link>open the setup link</link> instead.'), { link: (text) => <Anchor href={uri}>{text}</Anchor> })
 */
import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';
const PARTS = new RegExp(`${MARK}(\\w+)${MARK}|<(\\w+)>(.*?)</\\2>`, 'gs');

/** The values of `t()` that mark where each named element goes (`{email}`); `richText` draws them. */
export const slots = (...names: string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`]));

/**
 * A translated text drawn with its elements: each `{name}` marked by `slots` becomes `parts[name]`, each
 * `<name>words</name>` becomes `parts[name](words)`. A part the text names but `parts` has not shows as plain words.
 */
export function richText(text: string, parts: Record<string, ReactNode | ((words: string) => ReactNode)>): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PARTS)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const part = parts[match[1] ?? match[2]!];
    const words = match[3] ?? '';
    out.push(<Fragment key={match.index}>{typeof part === 'function' ? part(words) : part === undefined ? words : part}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
