import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Each test file builds its own app and database, so the files share nothing but the modules
    // they import: one import of the API per worker instead of one per file (~3 s × 95 files on
    // two cores). Files must not leave global state behind (env, timers, module-level singletons).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
