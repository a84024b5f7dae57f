// Lint rules, including the import boundaries of ARCHITECTURE.md ("Layers"):
// src/api, mocks/ and server-helpers/ never import React or src/ components;
// browser code under src/ never imports server-helpers/ or mocks/; the folders of src/ depend one
// way, api → events, rtc → provider → hooks → components (shared → domains) → prefabs.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'

const reactImports = {
  group: [
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    '@tanstack/react-query',
    '@radix-ui/*',
    '@tanstack/react-virtual',
    'agora-rtc-sdk-ng',
  ],
  message: 'This layer must stay framework-free (no React, no browser UI): see ARCHITECTURE.md "Entry points".',
}
const componentImports = {
  group: [
    'linekit',
    '**/src/components/*',
    '**/src/hooks/*',
    '**/src/provider*',
    '**/src/rtc/*',
    '../components/*',
    '../hooks/*',
    '../rtc/*',
  ],
  message:
    'src/api, mocks/ and server-helpers/ may not import the React part of src/. Import from linekit/api instead.',
}
const serverImports = {
  group: [
    'linekit/server',
    'linekit/server/*',
    'linekit/mocks',
    'linekit/mocks/*',
    '**/server-helpers/*',
    '**/server-helpers',
    '**/mocks/*',
    '**/mocks',
  ],
  message:
    'Browser code under src/ may not import server-helpers/ or mocks/ (the API key and Node-only code live there).',
}

/** Import patterns that reach a folder of src/ from anywhere below it (`../hooks/x`, `../../../hooks/x`). */
const folder = (...names) => names.flatMap((name) => [`../${name}/*`, `../${name}`, `**/${name}/*`, `**/${name}`])
/** A folder of src/ may not import the folders above it in the layer order (ARCHITECTURE.md "Layers"). */
const above = (layer, names) => ({
  group: folder(...names),
  message: `${layer} may not import ${names.join(', ')}: folders of src/ depend one way, api → events, rtc → provider → hooks → components → prefabs (see ARCHITECTURE.md "Layers").`,
})
const layers = {
  'src/events': ['provider', 'hooks', 'components', 'prefabs'],
  'src/rtc': ['provider', 'hooks', 'components', 'prefabs'],
  'src/provider': ['hooks', 'components', 'prefabs'],
  'src/hooks': ['components', 'prefabs'],
  'src/components/shared': ['messaging', 'contacts', 'calling', 'prefabs'],
  'src/components/messaging': ['prefabs'],
  'src/components/contacts': ['prefabs'],
  'src/components/calling': ['prefabs'],
}

export const boundaryRules = {
  framework: { 'no-restricted-imports': ['error', { patterns: [reactImports, componentImports] }] },
  browser: { 'no-restricted-imports': ['error', { patterns: [serverImports] }] },
  ...Object.fromEntries(
    Object.entries(layers).map(([dir, names]) => [
      dir,
      { 'no-restricted-imports': ['error', { patterns: [serverImports, above(dir, names)] }] },
    ]),
  ),
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'node_modules/',
      'public/',
      'coverage/',
      'test-results/',
      'examples/*/.next/',
      'examples/*/dist/',
      '**/*.d.ts',
      '!.storybook',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx', 'src/**/*.ts'],
    ignores: ['src/api/**'], // no React there (the framework layer)
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Advice for the React Compiler, which linekit does not use; it flags @tanstack/react-virtual by design.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['src/api/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}', 'server-helpers/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: boundaryRules.framework,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', '**/*.test.{ts,tsx}', '**/*.stories.tsx'],
    rules: boundaryRules.browser,
  },
  ...Object.keys(layers).map((dir) => ({
    files: [`${dir}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: boundaryRules[dir],
  })),
  {
    // A registered symbol (`Symbol.for`) on a shared object is a channel between modules that no
    // import shows: keep such state in a module of its own (a WeakMap), or make it an option.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Symbol'][callee.property.name='for']",
          message: 'No Symbol.for between modules: keep the state in one module (a WeakMap) or pass it as an option.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**', 'stories/**', 'scripts/**', '.storybook/**', 'playground/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
