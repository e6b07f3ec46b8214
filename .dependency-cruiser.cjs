/**
 * The import rules of the code's floors (docs/architecture.md, issue 43, decision record 0254), checked by
 * `npm run lint` and by src/server/app-tests/import-graph.unit.test.ts:
 *  - no import circle between files (type-only imports count: they tie the code as well); circles between rooms
 *    (folders) are found by that test from this tool's graph;
 *  - one feature takes another's code only through that feature's public entry, its index.ts;
 *  - the domain imports neither the server nor the web, and the web never the server.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move the piece both files need down into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-public-entry',
      severity: 'error',
      comment: "A feature takes another feature's code only through its public entry (features/<name>/index.ts).",
      // Tests and test fixtures may take another feature's fixtures (a checklist test needs a shipment).
      from: { path: '^src/(web|server)/features/([^/]+)/', pathNot: '(\\.test\\.tsx?|[/-]test-fixtures\\.ts)$' },
      to: { path: '^src/$1/features/[^/]+/', pathNot: ['^src/$1/features/$2/', '^src/$1/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'no-test-code-in-the-app',
      severity: 'error',
      comment: 'The app never imports a test or a test fixture.',
      from: { pathNot: '(\\.test\\.tsx?|[/-]test-fixtures\\.ts)$|^src/server/app-tests/|^tests/' },
      to: { path: '(\\.test\\.tsx?|[/-]test-fixtures\\.ts)$|^tests/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'The domain is shared by both sides: it imports neither the server nor the web.',
      from: { path: '^src/domain/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app never imports server code.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
