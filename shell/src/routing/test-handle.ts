declare const __CW_TEST_BUILD__: boolean | undefined;

/** True in builds made with CW_TEST_BUILD=1 (scripts/test.mjs, the e2e harness); never in production. */
export const IS_TEST_BUILD = typeof __CW_TEST_BUILD__ !== 'undefined' && __CW_TEST_BUILD__ === true;

/**
 * `window.__cardwallet`: the shell's services for the e2e suite (it drives the real HTTP client
 * and session). Only test builds have it: a production page exposes nothing to other scripts.
 */
export function exposeForTests(handle: Record<string, unknown>): void {
  if (!IS_TEST_BUILD) return;
  (window as unknown as { __cardwallet?: unknown }).__cardwallet = handle;
}
