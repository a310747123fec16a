import { defineConfig } from 'vitest/config';

/**
 * The component-test set-up every front-end package shares (shell and feature apps): jsdom, the
 * tests beside the code, a test timeout for a loaded CI machine, and the testing-library settings of `@cardwallet/shared/testing/dom-setup`.
 * `setupFiles`: the package's own set-up, run after the shared one.
 */
export function createComponentTestConfig({ setupFiles = [] } = {}) {
  return defineConfig({
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      globals: true,
      // Typing through user-event takes seconds on a loaded 2-core CI machine; 5 s timed out there.
      testTimeout: 30_000,
      setupFiles: ['@cardwallet/shared/testing/dom-setup', ...setupFiles],
    },
  });
}
