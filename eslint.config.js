import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importCycles from './scripts/eslint/no-import-cycle.mjs';
import optionsObject from './scripts/eslint/options-object.mjs';

/** The project's own rules, under one plugin name. */
const local = { meta: { name: 'local' }, rules: { ...importCycles.rules, ...optionsObject.rules } };
import globals from 'globals';

/*
 * Web boundaries (docs/decisions/0051-web-feature-boundaries.md): a feature imports from another feature only its `*-api.ts`
 * (calls, query keys); src/app is the only place that composes features; shared code (components, lib, hooks)
 * imports no feature and not the app layer. Features are flat folders; the second block covers a sub-folder.
 */
const crossFeatureMessage =
  'A feature may import another feature only through its *-api.ts. Compose features in src/app, or move what both need to src/components or src/lib.';
const webBoundaries = [
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./(?!\\.)[^/]+/(?![^/]+-api\\.ts$)', message: crossFeatureMessage },
        { regex: '^\\.\\./\\.\\./app/', message: 'Features do not import the app layer; the app composes them.' },
      ] }],
    },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./\\.\\./(?!\\.)[^/]+/(?![^/]+-api\\.ts$)', message: crossFeatureMessage },
        { regex: '^\\.\\./\\.\\./\\.\\./app/', message: 'Features do not import the app layer; the app composes them.' },
      ] }],
    },
  },
  {
    files: ['apps/web/src/{components,lib,hooks,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)(features|app)/', message: 'Shared code (components, lib, hooks) imports no feature and not the app layer; the app passes feature parts in (e.g. LayoutSlotsContext).' },
      ] }],
    },
  },
];

/*
 * API module boundaries (docs/decisions/0057-api-module-boundaries.md): code outside a module folder
 * (`apps/api/src/modules/<name>/`) uses it only through its `<name>.service.ts` (app.ts also registers its
 * `*.routes.ts`). Tests and test kits may reach repositories. The module graph must stay acyclic:
 * apps/api/test/module-boundaries.test.ts checks that.
 */
const moduleSurfaceMessage =
  'An API module is used from outside its folder only through its <name>.service.ts. Re-export what you need there, or move what both modules need to a module both build on (e.g. accounts) or to src/lib.';
const apiTestFiles = ['apps/api/**/*.test.ts', 'apps/api/src/modules/*/test/**'];
const otherModuleInternals = (up) => ({ regex: `^${up}(?!\\.)([^/]+)/(?!\\1\\.service\\.ts$)`, message: moduleSurfaceMessage });
const apiBoundaries = [
  {
    files: ['apps/api/src/modules/*/*.ts'],
    ignores: apiTestFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals('\\.\\./')] }] },
  },
  {
    files: ['apps/api/src/modules/*/*/*.ts'],
    ignores: apiTestFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals('\\.\\./\\.\\./')] }] },
  },
  {
    // A module's surface is its service's own functions: a repository's signature stays the module's business.
    files: ['apps/api/src/modules/*/*.service.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'ExportNamedDeclaration[source.value=/\\.repository\\.ts$/], ExportAllDeclaration[source.value=/\\.repository\\.ts$/]',
        message: 'A service does not re-export its repository: write the service function callers need.',
      }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/**', ...apiTestFiles],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)modules/([^/]+)/(?!\\2\\.service\\.ts$|[^/]+\\.routes\\.ts$)', message: moduleSurfaceMessage },
      ] }],
    },
  },
];

/*
 * No import cycle anywhere (docs/decisions/0221-no-import-cycles.md), type-only and lazy imports included: the rule
 * follows every import of our own files (workspace packages too) and reports the one that closes a cycle.
 */
const noImportCycles = {
  files: ['**/*.{js,mjs,ts,tsx}'],
  plugins: { local },
  rules: { 'local/no-import-cycle': 'error' },
};

/*
 * A function of more than two inputs takes one options object (docs/decisions/0223-options-objects.md): at a call site
 * positional arguments of the same type are easily swapped. Callbacks written inline keep the signature their caller
 * sets.
 */
const fewParameters = {
  files: ['**/*.{js,mjs,ts,tsx}'],
  plugins: { local },
  rules: { 'local/options-object': 'error' },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'apps/api/.build-test/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read JSON bodies of any shape.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webBoundaries,
  ...apiBoundaries,
  noImportCycles,
  fewParameters,
);
