import { describe, expect, it } from 'vitest';
import { placeOf, summarizeProfile } from '../bench/profile';

// bench/profile.ts (issue 44): where a signed-in read's CPU goes, from a V8 CPU profile.
const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

describe('the read profile', () => {
  it('names a frame by our module, its package or Node', () => {
    expect(placeOf('file:///work/main/node_modules/drizzle-orm/sql/sql.js')).toBe('drizzle-orm');
    expect(placeOf('file:///work/main/node_modules/@hono/node-server/dist/index.mjs')).toBe('@hono/node-server');
    expect(placeOf('file:///work/main/src/server/http/list.ts')).toBe('src/server/http/list.ts');
    expect(placeOf('node:internal/streams/writable')).toBe('node:internal');
    expect(placeOf('')).toBe('(native)');
  });

  it('counts self time at the leaf, inclusive time once per frame however deep it recurs, and leaves idle out', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
        { id: 2, callFrame: frame('handler', 'file:///app/src/server/a.ts', 9), children: [3] },
        { id: 3, callFrame: frame('handler', 'file:///app/src/server/a.ts', 9), children: [4] },
        { id: 4, callFrame: frame('build', 'file:///app/node_modules/drizzle-orm/sql.js') },
        { id: 5, callFrame: frame('(idle)', '') },
      ],
      samples: [4, 4, 3, 5, 2],
      timeDeltas: [1000, 2000, 3000, 50_000, 4000],
    };
    const { total, self, inclusive, places } = summarizeProfile(profile);
    expect(total).toBe(10);
    expect(self.get('build drizzle-orm:1')).toBe(3);
    expect(self.get('handler src/server/a.ts:10')).toBe(7);
    // The recursive handler counts each sample once: 10 ms, not 13.
    expect(inclusive.get('handler src/server/a.ts:10')).toBe(10);
    expect(inclusive.get('(root) (native):1')).toBe(10);
    expect(places.get('drizzle-orm')).toBe(3);
    expect(places.get('src/server/a.ts')).toBe(10);
    expect(places.has('(idle)')).toBe(false);
  });
});
