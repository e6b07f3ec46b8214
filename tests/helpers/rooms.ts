/**
 * The rooms of the code (docs/architecture.md): a domain area, a server or web feature, a top folder of the server or
 * the web, or a file of its own where it lies at a root (the server's spine, the router, the feature registry).
 * Imports between rooms must run one way: a circle of rooms is an import that runs back up a floor.
 */
export function roomOf(file: string): string {
  const p = file.split('/');
  if (p[0] !== 'src') return p[0]!;
  if (p[2] === 'features') return p.length > 4 ? p.slice(0, 4).join('/') : file;
  return p.length > 3 ? p.slice(0, 3).join('/') : file;
}

/** Code that only tests run: the rooms are the app's. */
export const isTestCode = (file: string): boolean => /\.test\.tsx?$|[/-]test-fixtures\.ts$|^src\/server\/app-tests\/|^tests\//.test(file);

/** The circles (strongly connected sets of two or more rooms, each sorted) of the rooms the imports tie. */
export function roomCircles(imports: readonly (readonly [string, string])[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of imports) {
    if (isTestCode(from) || isTestCode(to)) continue;
    const a = roomOf(from);
    const b = roomOf(to);
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    if (a !== b) next.get(a)!.add(b);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) circles.push(set.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!order.has(v)) visit(v);
  return circles.sort((x, y) => x[0]!.localeCompare(y[0]!));
}

/** How many imports run back up: those between two rooms of one circle. */
export function upwardImports(imports: readonly (readonly [string, string])[]): number {
  const circleOf = new Map<string, number>();
  roomCircles(imports).forEach((c, i) => c.forEach((r) => circleOf.set(r, i)));
  return imports.filter(([from, to]) => {
    if (isTestCode(from) || isTestCode(to)) return false;
    const a = roomOf(from);
    const b = roomOf(to);
    return a !== b && circleOf.has(a) && circleOf.get(a) === circleOf.get(b);
  }).length;
}
