/**
 * The benchmark's pgbench scripts (bench/pgbench.ts): each captured statement one command, its parameters as
 * variables; a customer's scope sent as one message (decision 0298) goes as a pipeline, one round trip as ours did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeScript } from '../bench/pgbench';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-pgbench-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a pgbench script', () => {
  it('binds parameters and pipelines a message of several statements', () => {
    const script = writeScript(
      'T',
      [
        { text: "begin read only; select set_config('app.company_id', 'c-1', true), set_config('role', 'cargodesk_customer', true)", values: [], firstRow: null },
        { text: 'select *\n  from requests where company_id = $1 and x is $2 limit 10', values: ['c-1', null], firstRow: null },
        { text: 'commit', values: [], firstRow: null },
      ],
      dir,
    );
    expect(fs.readFileSync(script.file, 'utf8')).toBe(
      [
        '\\startpipeline',
        'begin read only;',
        "select set_config('app.company_id', 'c-1', true), set_config('role', 'cargodesk_customer', true);",
        '\\endpipeline',
        'select * from requests where company_id = :q1p1 and x is NULL limit 10;',
        'commit;',
        '',
      ].join('\n'),
    );
    expect(script.defines).toEqual(['q1p1=c-1']);
  });

  it('refuses a semicolon it cannot split: with parameters, or inside a quoted value', () => {
    expect(() => writeScript('U', [{ text: 'select $1; select 2', values: ['a'], firstRow: null }], dir)).toThrow(/semicolon/);
    expect(() => writeScript('V', [{ text: "select 'a;b'", values: [], firstRow: null }], dir)).toThrow(/semicolon/);
  });
});
