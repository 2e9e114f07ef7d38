// ESLint for the client: TypeScript, the rules of hooks, and the layers of src/ (see README "Layers").
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The layers of src/, from the top: a layer imports only the layers listed for it in LAYER_POLICIES.
const LAYERS = [
  { type: 'app', pattern: 'src/app' },
  // The admin back office (issue 21): a lazily loaded app of its own beside the member app.
  { type: 'admin', pattern: 'src/admin' },
  { type: 'routes', pattern: 'src/routes' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'entity', pattern: 'src/entities/*', capture: ['entity'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'api', pattern: 'src/api' },
  { type: 'styles', pattern: 'src/styles' },
  { type: 'test', pattern: 'src/test' },
]

// The files of app/ that the admin app may import.
const ADMIN_APP_FILES = ['store.ts', 'hooks.ts', 'notify.ts', 'config.ts']

const may = (from, ...to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } })

// main.tsx, the entry point, belongs to no layer: it mounts the app and loads the global stylesheet.
const ENTRY = { category: 'entry', pattern: 'src/main.tsx' }

// Test files (*.test.tsx, *.test-util.ts) live in their layer and follow its rules; src/test serves every layer's tests.
const LAYER_POLICIES = [
  { from: { file: { categories: 'entry' } }, allow: { to: { element: { types: { anyOf: ['app', 'styles'] } } } } },
  may('app', 'app', 'routes', 'feature', 'entity', 'components', 'lib', 'api', 'styles', 'test'),
  // Only the router reaches the admin app, through its lazy import: the member bundle carries none of it.
  { from: { element: { type: 'app', fileInternalPath: 'router.tsx' } }, allow: { to: { element: { type: 'admin' } } } },
  // The admin app stands on the shared UI, never on the member app's features, entities, routes or API slice; of app it
  // takes only the store plumbing (lazy injection, typed hooks), the toasts and the runtime config.
  may('admin', 'admin', 'components', 'lib', 'styles', 'test'),
  { from: { element: { type: 'admin' } }, allow: { to: { element: { type: 'app', fileInternalPath: ADMIN_APP_FILES } } } },
  may('routes', 'routes', 'app', 'feature', 'entity', 'components', 'lib', 'api', 'styles', 'test'),
  // A feature imports its own files, never another feature's: what two features share moves to an entity or a component.
  may('feature', 'app', 'entity', 'components', 'lib', 'api', 'styles', 'test'),
  {
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
  },
  may('entity', 'entity', 'app', 'components', 'lib', 'api', 'styles', 'test'),
  may('components', 'components', 'app', 'lib', 'api', 'styles', 'test'),
  may('lib', 'lib', 'app', 'api', 'test'),
  may('api', 'api', 'app', 'lib', 'test'),
  may('test', 'test', 'app', 'entity', 'components', 'lib', 'api'),
]

export default defineConfig([
  globalIgnores(['dist', 'test-results', 'playwright-report', 'node_modules']),
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The rules of hooks and the React Compiler's checks, for the app itself (Playwright's `use` is no hook).
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // A missing dependency is a stale-value bug, not a style point.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-util.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.vitest } },
  },
  {
    files: ['*.{js,ts,mjs}', 'e2e/**', 'scripts/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/files': [ENTRY],
      'boundaries/include': ['src/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.css'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: LAYER_POLICIES }],
      // Every file of src/ belongs to a layer, so a new top-level folder must be placed in LAYERS first.
      'boundaries/no-unknown-files': 'error',
    },
  },
])
