import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Web boundaries (docs/decisions.md "Web boundaries"): a feature imports from another feature only its `*-api.ts`
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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/api/.build-test/**', 'data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'apps/api/src/db/migrations/**'] },
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
);
