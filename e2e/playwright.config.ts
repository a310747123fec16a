import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8090);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// E2E_CANDIDATE=mf_card: run the suite against a candidate combination — that app's running canary
// with every other app's stable release (docs/releasing.md) — before promoting it.
const candidate = process.env.E2E_CANDIDATE;
const candidateState = candidate
  ? {
      cookies: [
        {
          name: 'cw_candidate',
          value: candidate,
          domain: new URL(baseURL).hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax' as const,
        },
      ],
      origins: [],
    }
  : undefined;

export default defineConfig({
  testDir: './tests',
  // Test build of the shell (window.__cardwallet) before, zero CSP violations after the suite.
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Two cores: one browser per core at most.
  workers: 2,
  fullyParallel: false,
  // No retries: a flaky test is a bug to fix, not to hide.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // Traces cost ~13 % of the suite's CPU on two cores: off in CI (the failure's screenshot and
    // error context remain), kept for failures locally; E2E_TRACE=retain-on-failure|on overrides.
    trace:
      (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ??
      (process.env.CI ? 'off' : 'retain-on-failure'),
    ...(candidateState ? { storageState: candidateState } : {}),
    screenshot: 'only-on-failure',
    // The shell's service worker answers page files from its cache, where page.route() does not
    // see them: blocked for the suite, allowed by the PWA spec (tests/pwa.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'suite', testIgnore: /[\\/](releases|rollouts)[^\\/]*\.spec\.ts$/ },
    // Releasing changes what every client is served: it runs after the rest of the suite.
    { name: 'releases', testMatch: /[\\/]releases[^\\/]*\.spec\.ts$/, dependencies: ['suite'] },
    // Automatic rollouts change the user app for everyone (the releases spec changes only the passport
    // app): after the rest of the suite, beside the releases spec on the other worker.
    { name: 'rollouts', testMatch: /[\\/]rollouts\.spec\.ts$/, dependencies: ['suite'] },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node support/start-server.mjs',
        url: `${baseURL}/remotes.json`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
