import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';

// The API description at /api/openapi.json is a contract for integrators (issue 18, decision record 0241): it passes
// Redocly's `recommended` rules with no error, every operation has an operationId, its security says what the server
// enforces, and a TypeScript client can be generated from it.

type Operation = { operationId?: string; security?: Record<string, string[]>[] };
type Doc = { security?: Record<string, string[]>[]; paths: Record<string, Record<string, Operation>> };

/** The operations that need no sign-in (each declares `security: []`); every other one needs the session. */
const PUBLIC_OPERATIONS = ['checkEligibility', 'confirmAccount', 'downloadSharedDocument', 'getHealth', 'getSharedTracking', 'getUnsubscribeStatus', 'unsubscribe'];

let t: TestApp;
let doc: Doc;
let source: string;
let dir: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request('/api/openapi.json', { cookie: await t.signIn('import@cargodesk.test') });
  expect(res.status).toBe(200);
  source = await res.text();
  doc = JSON.parse(source) as Doc;
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path: p, op })));

describe('the OpenAPI description', () => {
  it('passes Redocly’s recommended rules with no error (and an operationId is required, not only recommended)', async () => {
    // `recommended` only warns on a missing operationId; we hold it as an error (clients name their functions by it).
    const config = await createConfig({ extends: ['recommended'], rules: { 'operation-operationId': 'error' } });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer ?? '?').join(', ')}`);
    expect(errors, errors.join('\n')).toEqual([]);
    // Something was linted: the rules ran over every path.
    expect(operations().length).toBeGreaterThan(100);
  });

  it('names every operation once, in camelCase', () => {
    const ids = operations().map(({ method, path: p, op }) => op.operationId ?? `(none: ${method.toUpperCase()} ${p})`);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('declares the security the server enforces: the session by default, none on the public operations', async () => {
    expect(doc.security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    const open = operations().filter(({ op }) => op.security?.length === 0).map(({ op }) => op.operationId).sort();
    expect(open).toEqual(PUBLIC_OPERATIONS);
    // Without a cookie, every operation that needs one answers 401 and no public one does.
    const wrong: string[] = [];
    for (const { method, path: p, op } of operations()) {
      const url = `/api${p.replace(/\{[A-Za-z]+\}/g, '00000000-0000-4000-8000-000000000000')}`;
      const res = await t.request(url, { method: method.toUpperCase() });
      const isPublic = op.security?.length === 0;
      if ((res.status === 401) === isPublic) wrong.push(`${method.toUpperCase()} ${url}: ${res.status} (${isPublic ? 'public' : 'needs a session'})`);
    }
    expect(wrong).toEqual([]);
  });

  it('generates TypeScript types that compile under strict options and type the responses', { timeout: 180_000 }, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cargodesk-openapi-ts-'));
    await writeFile(path.join(dir, 'api.d.ts'), astToString(await openapiTS(JSON.parse(source) as never)));
    // A tiny client that uses the generated types; the @ts-expect-error lines fail the compile if a type went `any`.
    await writeFile(
      path.join(dir, 'client.ts'),
      `import type { operations, paths } from './api';
type ShipmentPage = paths['/shipments']['get']['responses'][200]['content']['application/json'];
type Me = operations['getCurrentUser']['responses'][200]['content']['application/json'];
type NewCompany = operations['createCompany']['requestBody']['content']['application/json'];
export const firstReference = (page: ShipmentPage): string | undefined => page.rows[0]?.reference_number;
export const isAdmin = (me: Me): boolean => me.role === 'admin';
export const company: NewCompany = { name: 'Acme Freight' };
// @ts-expect-error the total is a number
export const total: ShipmentPage['total'] = 'many';
// @ts-expect-error a company needs a name
export const nameless: NewCompany = { address: null };
`,
    );
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noImplicitOverride: true,
      noUnusedLocals: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
      noEmit: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(diagnostics, diagnostics.join('\n')).toEqual([]);
    expect(program.getSourceFiles().map((f) => path.basename(f.fileName))).toContain('api.d.ts');
  });
});
