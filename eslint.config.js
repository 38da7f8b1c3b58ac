// ESLint flat config: the recommended rules everywhere, with each folder's
// globals (pages, workers, Node scripts). `npm run lint` runs it; CI too.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'build/', 'node_modules/', 'dist.next/', '**/*.d.ts'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  // A JSON import with its attributes (ES2025), which runs in Node and bundled in a browser.
  { files: ['bench/search/real-corpus.mjs'], languageOptions: { ecmaVersion: 2025 } },
  // Page and worker code: browser and worker globals.
  {
    files: ['api/**', 'common/**', 'components/**', 'worker/**', 'demo/**', 'extension/**', 'bench/browser/**',
      'fixtures/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  { files: ['extension/**', 'tests/browser/extension.test.mjs', 'bench/popup/**'], languageOptions: { globals: { ...globals.webextensions } } },
  // Node: scripts, tests, benchmarks, the bundler plugin and the Node side of the runtime.
  {
    files: ['scripts/**', 'tests/**', 'bench/**', 'bundlers/**', 'eslint.config.js', 'api/runtime/platform-node.js',
      'worker/runtime/node-bootstrap.js', 'worker/runtime/worker-like.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Test pages run code in the browser through page.evaluate.
  { files: ['tests/browser/**', 'tests/consumers/**', 'bench/**'], languageOptions: { globals: { ...globals.browser } } },
];
