import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { roomCircles, roomOf } from './helpers/rooms';

/**
 * The code's floors hold (docs/architecture.md, issue 43, decision record 0254): the import graph is read by
 * dependency-cruiser, with the project's rules (.dependency-cruiser.cjs), and the rooms it groups into have no circle.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Module = { source: string; dependencies: { resolved: string; couldNotResolve: boolean; coreModule?: boolean }[] };
type Violation = { rule: { name: string }; from: string; to: string };
type Cruise = { modules: Module[]; summary: { violations: Violation[] } };

function cruise(): Cruise {
  const out = execFileSync(process.execPath, ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out) as Cruise;
}

describe('the import graph', () => {
  const graph = cruise();
  const imports = graph.modules.flatMap((m) => m.dependencies.filter((d) => !d.coreModule && d.resolved.startsWith('src/')).map((d) => [m.source, d.resolved] as const));

  it('reads the whole app: every file under src, aliases resolved', () => {
    expect(graph.modules.filter((m) => m.source.startsWith('src/')).length).toBeGreaterThan(500);
    expect(imports.some(([from, to]) => from.startsWith('src/web/') && to.startsWith('src/domain/'))).toBe(true);
    const unresolved = graph.modules.flatMap((m) => m.dependencies.filter((d) => d.couldNotResolve && /^[.@]/.test(d.resolved)).map((d) => `${m.source} -> ${d.resolved}`));
    expect(unresolved.filter((u) => /@(domain|server|web|tests)\//.test(u) || / -> \./.test(u))).toEqual([]);
  });

  it('breaks none of the rules: no file circle, features only through their public entry, the domain pure', () => {
    expect(graph.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  });

  it('has no circle between rooms, so no import runs back up a floor', () => {
    expect(roomCircles(imports)).toEqual([]);
  });
});

describe('the room of a file', () => {
  it('is its domain area, its feature, its top folder, or the file itself at a root', () => {
    expect(roomOf('src/domain/shipments/rules.ts')).toBe('src/domain/shipments');
    expect(roomOf('src/server/features/requests/quotes/pdf.ts')).toBe('src/server/features/requests');
    expect(roomOf('src/server/features/index.ts')).toBe('src/server/features/index.ts');
    expect(roomOf('src/server/http/session.ts')).toBe('src/server/http');
    expect(roomOf('src/server/app.ts')).toBe('src/server/app.ts');
    expect(roomOf('src/web/router.tsx')).toBe('src/web/router.tsx');
    expect(roomOf('src/web/ui/Pager.tsx')).toBe('src/web/ui');
  });

  it('finds a circle of rooms and leaves a one-way chain alone', () => {
    const chain = [
      ['src/web/features/a/A.tsx', 'src/web/ui/X.tsx'],
      ['src/web/ui/X.tsx', 'src/domain/common/enums.ts'],
    ] as const;
    expect(roomCircles(chain)).toEqual([]);
    const circle = [...chain, ['src/domain/common/enums.ts', 'src/web/features/a/B.tsx'] as const];
    expect(roomCircles(circle)).toEqual([['src/domain/common', 'src/web/features/a', 'src/web/ui']]);
  });
});
