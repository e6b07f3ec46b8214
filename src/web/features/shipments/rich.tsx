import { Fragment, type ReactNode } from 'react';

/** Stands for a node in the translated text: the text is split at it. */
const MARK = '\u0000';

/**
 * A translated sentence with elements in it (a reference in bold, a link): `message` is a t() call that receives the
 * values, each element as a marker, and the markers of its translation become the elements, wherever the language
 * puts them. Text and numbers are passed as they are (a select or plural can read them).
 */
export function rich(message: (values: Record<string, string | number>) => string, values: Record<string, ReactNode>): ReactNode {
  const nodes: ReactNode[] = [];
  const passed: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') passed[name] = value;
    else passed[name] = `${MARK}${nodes.push(value) - 1}${MARK}`;
  }
  return message(passed)
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[Number(part)]}</Fragment> : part));
}
