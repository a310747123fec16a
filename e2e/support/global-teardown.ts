import type { FullConfig } from '@playwright/test';
import { freshAdminCode, SANDBOX_ADMIN } from './admin';

/**
 * Zero Content-Security-Policy violations over the whole suite: every page's policy sends its
 * violations to the server (report-uri /csp-reports), which keeps them; after the last spec we read
 * them as the sandbox administrator (only an admin lists them) and fail the run if there is one.
 */
export default async function globalTeardown(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL || process.env.E2E_SKIP_CSP_CHECK === '1') return;
  // Reports are sent asynchronously by the browser: give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let violations: unknown[];
  try {
    const login = await fetch(new URL('/api/user/adminLogin', baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...SANDBOX_ADMIN, otp: await freshAdminCode() }),
    });
    const session = (await login.json()) as { code: number; msg: string; data: { token: string } };
    if (session.code !== 200) throw new Error(`admin sign-in: ${session.msg}`);
    const response = await fetch(new URL('/api/admin/csp-reports', baseURL), {
      headers: { 'access-token': session.data.token },
    });
    const listed = (await response.json()) as { code: number; msg: string; data: { violations: unknown[] } };
    if (listed.code !== 200) throw new Error(`HTTP ${response.status}: ${listed.msg}`);
    violations = listed.data.violations;
  } catch (error) {
    throw new Error(`could not read the CSP violation reports from ${baseURL}: ${String(error)}`, { cause: error });
  }
  if (violations.length > 0) {
    throw new Error(
      `Content-Security-Policy violations during the e2e suite (${violations.length}):\n${JSON.stringify(violations, null, 2)}`,
    );
  }
  console.log('[e2e] Content-Security-Policy violations reported during the suite: 0');
}
