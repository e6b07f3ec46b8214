import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendHistory } from '../bench/report';

describe('the benchmark history (issue 44)', () => {
  it('appends one line per run with the commit, each part its targets or itself', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-')), 'history.jsonl');
    const target = { target: 'S1 c32 >= 0.7 of pgbench', measured: '0.74', pass: true };
    appendHistory({ api: { mode: 'quick', scenarios: [{ id: 'S1' }], targets: [target] } }, file);
    appendHistory({ pdf: { runs: 40, generate: { p50: 12 } } }, file);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof lines[0]!.dirty).toBe('boolean');
    expect(Date.parse(lines[0]!.at as string)).not.toBeNaN();
    // The scenarios' raw figures stay in latest.json; the history keeps the targets with their measured values.
    expect(lines[0]!.api).toEqual({ mode: 'quick', targets: [target] });
    expect(lines[1]!.pdf).toEqual({ runs: 40, generate: { p50: 12 } });
  });
});
