import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Text people read is written through the catalog (issue 42, decision 0270): `t('...')` where it is shown, `msg('...')`
// where it is written. A word with a small letter in it is text; codes (USD, HBL), addresses and URLs are not.
const TEXT = '/^(?![\\s\\S]*@)(?!\\s*http)(?=[\\s\\S]*[a-zçğıöşü])[\\s\\S]*[A-Za-zÇĞİÖŞÜçğıöşü]{2,}/';
const SENTENCE = '/[A-Za-z]{2,} [A-Za-z]/';
// A value chosen in a condition is text when it reads like it: a capital and a small letter, or two words ('dimmed',
// 'blue.8' and 'true' are styles and states).
const CHOSEN_TEXT = '/^[A-ZÇĞİÖŞÜ][a-zçğıöşü]|[A-Za-z]{2,} [A-Za-z]{2,}/';
const TEXT_PROPS = '/^(label|title|placeholder|description|subtitle|text|empty|backLabel|submitLabel|prefix|notice|copyLabel|confirmLabel|cancelLabel|valueLabel|tip|message|hint|busyLabel|action|referenceHeader|nothingFoundMessage|noTransport|errorPrefix|alt|aria-label|caption|heading|emptyText|error)$/';
const CATALOG = 'Write the text through the catalog: t(\'...\') from @web/lib/i18n (or msg(\'...\') from @domain/common/i18n where it is not shown yet).';
const webText = [
  { selector: `JSXText[value=${TEXT}]`, message: CATALOG },
  { selector: `JSXAttribute[name.name=${TEXT_PROPS}] > Literal[value=${TEXT}]`, message: CATALOG },
  { selector: `JSXExpressionContainer > Literal[value=${TEXT}]`, message: CATALOG },
  { selector: `JSXExpressionContainer > ConditionalExpression > Literal[value=${CHOSEN_TEXT}]`, message: CATALOG },
  { selector: `JSXExpressionContainer > LogicalExpression > Literal[value=${CHOSEN_TEXT}]`, message: CATALOG },
  { selector: `JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`, message: CATALOG },
  { selector: `Property[key.name=${TEXT_PROPS}] > Literal[value=${TEXT}]`, message: CATALOG },
  { selector: `Property[key.name=${TEXT_PROPS}] > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`, message: CATALOG },
];
const domainText = [
  { selector: `CallExpression[callee.name!='msg'][callee.property.name!='t'] > Literal[value=${SENTENCE}]`, message: 'A message people read is marked msg(\'...\') (@domain/common/i18n), so it is in the catalog.' },
  { selector: `Property[key.name='message'] > Literal[value=${SENTENCE}]`, message: 'A message people read is marked msg(\'...\') (@domain/common/i18n), so it is in the catalog.' },
  // A message composed with values is a template filled in English (decision 0300), so a reader finds it in the catalog.
  ...[
    `Property > ArrowFunctionExpression > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `Property > ArrowFunctionExpression > ConditionalExpression > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `CallExpression[callee.name!='msg'] > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `Property[key.name=/^(message|error)$/] > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
  ].map((selector) => ({ selector, message: 'A message composed with values is ENGLISH.t(msg(\'... {name} ...\'), { name }) (@domain/common/i18n), so it is in the catalog.' })),
];

// The server's texts for people (an error answer, a message table, a stored error a page shows); logs and internal faults stay English.
// A sentence as a constant holds it: a capital, then a small letter or a space ('SELECT ...' and '<svg ...' are not).
const PROSE = '/^[A-Z][a-z ][\\s\\S]*[A-Za-z]{2,} [A-Za-z]/';
const HELPERS = `CallExpression[callee.name=/^(notFound|forbidden|invalid|conflict|requirePermission|assertCan)$/]`;
const ANSWERS = `:matches(NewExpression[callee.name='AppError'], ${HELPERS})`;
const SERVER_CATALOG = 'A message the server answers people with is marked msg(\'...\') (@domain/common/i18n), so the reader gets it in their language.';
const serverText = [
  ...[
    `${ANSWERS} > Literal[value=${SENTENCE}]`,
    `${ANSWERS} > LogicalExpression > Literal[value=${SENTENCE}]`,
    // The fields: AppError's third argument (its fourth is the headers), invalid's and conflict's second.
    `NewExpression[callee.name='AppError'] > ObjectExpression:nth-child(3) > Property > Literal[value=${SENTENCE}]`,
    `${HELPERS} > ObjectExpression:nth-child(2) > Property > Literal[value=${SENTENCE}]`,
    `${ANSWERS} > CallExpression[callee.name!='msg'][callee.property.name!='t'] > Literal[value=${SENTENCE}]`,
    `VariableDeclarator > ArrowFunctionExpression > AssignmentPattern[left.name='message'] > Literal[value=${SENTENCE}]`,
    `VariableDeclarator[id.name=/MESSAGES$/] Property > Literal[value=${SENTENCE}]`,
    `VariableDeclarator[id.name=/^([A-Z][A-Z0-9_]*|message|error)$/] > Literal[value=${PROSE}]`,
    `VariableDeclarator[id.name=/^([A-Z][A-Z0-9_]*|message|error)$/] > ConditionalExpression Literal[value=${PROSE}]:not(CallExpression > Literal)`,
    `Property[key.name=/^(message|error|notFound)$/] > Literal[value=${SENTENCE}]`,
  ].map((selector) => ({ selector, message: SERVER_CATALOG })),
  ...[
    `${ANSWERS} > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `VariableDeclarator[id.name=/MESSAGES$/] Property > ArrowFunctionExpression > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `VariableDeclarator[id.name=/MESSAGES$/] Property > ArrowFunctionExpression > ConditionalExpression > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `Property[key.name='error'] > ObjectExpression > Property[key.name='message'] > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
    `Property[key.name='error'] > TemplateLiteral > TemplateElement[value.raw=${SENTENCE}]`,
  ].map((selector) => ({ selector, message: 'A message composed with values is ENGLISH.t(msg(\'... {name} ...\'), { name }) (@domain/common/i18n), so it is in the catalog.' })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**', 'scripts/**/*.mjs', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'off',
      'no-empty-pattern': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain ES modules beside the sources (the import reader's worker loader): linted without type information.
    files: ['src/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests probe JSON responses, which are untyped by nature.
    files: ['**/*.test.ts', 'tests/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-syntax': ['error', ...webText],
      // One-way imports: the web never imports server code.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/server', '@server/*'], message: 'The web app must not import server code (design.md section 3).' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.test.ts', 'src/server/app-tests/**',
      // Read by operators (start-up configuration, the database's CLI and lock, a worker's refusal) or by carriers'
      // machines (the DCSA endpoint's problems and feedback): English, the language of their standard and logs.
      'src/server/config.ts', 'src/server/db/**', 'src/server/http/instance-role.ts', 'src/server/features/carrier-events/dcsa*.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...serverText] },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts', 'src/domain/**/test-fixtures.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...domainText],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', '@server/*', '@web/*'], message: 'domain imports neither server nor web.' }] }],
    },
  },
  {
    files: ['**/*.js', 'eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS configuration (dependency-cruiser's): linted without type information, with Node's globals.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, sourceType: 'commonjs', globals: { ...globals.node } },
  },
);
