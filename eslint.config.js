// Repo-wide lint. Besides the usual TypeScript/React rules it enforces the Module Federation
// boundaries: a feature app imports only @cardwallet/shared and its own files; the shell never
// imports a feature app's source; the contracts package imports neither.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { ROUTER_EXPORTS, ROUTER_FACADE } from './shared/build/router-contract.mjs';

const REMOTES = ['mf-card', 'mf-wallet', 'mf-user', 'mf-share', 'mf-passport'];

// Browser code takes zod from @cardwallet/shared/zod: it sets zod's `jitless` before the first parse, so
// zod never probes `new Function("")` (a CSP violation report on every cold page). ESLint keeps one
// options object per rule and file — a later block's `no-restricted-imports` replaces an earlier one —
// so these restrictions are part of each app's single boundary block, not a block of their own.
const bareZod = {
  paths: [{ name: 'zod', message: "Import z from '@cardwallet/shared/zod' (it sets zod's jitless mode for the CSP)." }],
  pattern: {
    group: ['zod/*'],
    message: "Import z from '@cardwallet/shared/zod' (it sets zod's jitless mode for the CSP).",
  },
};

// The router singleton is the facade of shared/build/router-contract.mjs: app code imports only its
// names (anything else would be undefined at run time). Tests render pages outside Module Federation,
// with the whole package (MemoryRouter), so test files and test helpers are exempt.
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/testing/**', '**/testing.{ts,tsx}'];
const routerSingleton = [
  {
    name: 'react-router',
    allowImportNames: ROUTER_EXPORTS,
    message: `The router singleton offers only ${ROUTER_EXPORTS.join(', ')} (shared/build/router-contract.mjs); a feature app navigates with useHost().navigation.`,
  },
  { name: 'react-router-dom', message: "Import from 'react-router' (react-router 7 merged react-router-dom into it)." },
  { name: ROUTER_FACADE, message: 'The router facade is the react-router singleton itself: import from react-router.' },
];
const routerInTests = routerSingleton.slice(1);

/** Each app's boundary, once for its code (router singleton) and once for its tests. */
const remoteBoundary = (self) => [
  { files: [`${self}/src/**/*.{ts,tsx}`], ignores: TEST_FILES, ...remoteBoundaryRules(self, routerSingleton) },
  { files: TEST_FILES.map((glob) => `${self}/src/${glob}`), ...remoteBoundaryRules(self, routerInTests) },
];

const remoteBoundaryRules = (self, routerPaths) => ({
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [...bareZod.paths, ...routerPaths],
        patterns: [
          bareZod.pattern,
          {
            group: ['**/shell', '**/shell/**', '@cardwallet/shell', '@cardwallet/shell/**'],
            message: 'A feature app never imports the shell: use the host services of @cardwallet/shared (useHost()).',
          },
          {
            group: [
              ...REMOTES.filter((r) => r !== self).flatMap((r) => [
                `**/${r}`,
                `**/${r}/**`,
                `@cardwallet/${r}`,
                `@cardwallet/${r}/**`,
              ]),
            ],
            message: 'A feature app never imports another feature app: navigate to its route instead.',
          },
          {
            group: ['**/shared/src/**', '**/shared/build/**', '**/api/src/**', '@cardwallet/api', '@cardwallet/api/**'],
            message: 'Import the contracts package as @cardwallet/shared (it is a federated singleton), never by path.',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.data/**',
      '**/drizzle/**',
      '**/scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.tsx', 'shell/src/**/*.ts', 'mf-*/src/**/*.ts', 'shared/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['api/**', 'scripts/**', 'e2e/**', '**/*.config.*'], rules: { 'no-console': 'off' } },
  ...REMOTES.flatMap(remoteBoundary),
  ...[
    { files: ['shell/src/**/*.{ts,tsx}'], ignores: TEST_FILES, routerPaths: routerSingleton },
    { files: TEST_FILES.map((glob) => `shell/src/${glob}`), routerPaths: routerInTests },
  ].map(({ routerPaths, ...block }) => ({
    ...block,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...bareZod.paths, ...routerPaths],
          patterns: [
            bareZod.pattern,
            {
              group: [...REMOTES.flatMap((r) => [`**/${r}`, `**/${r}/**`, `@cardwallet/${r}`, `@cardwallet/${r}/**`])],
              message: 'The shell never imports a feature app: remotes are loaded at runtime from /remotes.json.',
            },
            {
              group: ['**/shared/src/**', '**/api/src/**'],
              message: 'Import the contracts package as @cardwallet/shared.',
            },
          ],
        },
      ],
    },
  })),
  ...[
    { files: ['shared/src/**/*.{ts,tsx}'], ignores: TEST_FILES, routerPaths: routerSingleton },
    { files: TEST_FILES.map((glob) => `shared/src/${glob}`), routerPaths: routerInTests },
  ].map(({ routerPaths, ...block }) => ({
    ...block,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: routerPaths,
          patterns: [
            {
              group: [
                '**/shell/**',
                '@cardwallet/shell',
                ...REMOTES.flatMap((r) => [`**/${r}/**`, `@cardwallet/${r}`]),
                '**/api/src/**',
                '@cardwallet/api',
              ],
              message: 'The contracts package depends on no app.',
            },
          ],
        },
      ],
    },
  })),
  // The API's layers point one way (docs/architecture.md "API layers"): modules use the services of
  // the lower layers (config, db, http, security, providers, events, ledger, jobs, media, process,
  // sandbox), never the reverse. Composition roots (app.ts, main.ts, web/, cli/) may import both.
  {
    files: [
      'api/src/config.ts',
      'api/src/{config,db,http,security,providers,events,ledger,jobs,media,process,sandbox}/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules', '**/modules/**', './modules/**'],
              message:
                'Layer rule: a lower API layer never imports a feature module; pass what it needs down (docs/architecture.md "API layers").',
            },
          ],
        },
      ],
    },
  },
);
