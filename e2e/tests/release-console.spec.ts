import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, signInLocally, waitForShell } from '../support/app';
import { SANDBOX_ADMIN, adminToken, freshAdminCode } from '../support/admin';

type Overview = {
  apps: Array<{ app: string; stable: { releaseId: string } }>;
  ingest: { accepted: number; dropped: Record<string, number> };
};

test.describe('release telemetry and the release console (issue 25)', () => {
  test('a feature page’s session reaches the API, tagged with its release, under the CSP', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const overview = async () =>
      (
        (await (await request.get('/api/admin/telemetry/overview', { headers: { 'access-token': token } })).json()) as {
          data: Overview;
        }
      ).data;
    const before = (await overview()).ingest.accepted;
    await page.goto('/pages/index/index');
    await waitForShell(page);
    await signInLocally(page);
    await page.goto('/pages/user/index');
    await waitForShell(page);
    // The reporter loads when the browser is idle and sends within its 10 s interval.
    await expect.poll(async () => (await overview()).ingest.accepted, { timeout: 30_000 }).toBeGreaterThan(before);
    expect((await overview()).ingest.dropped.invalid).toBe(0);
  });

  test('the console asks an administrator to sign in, then shows every app’s releases (axe-clean)', async ({
    page,
  }) => {
    await page.goto('/pages/index/releases');
    await waitForShell(page);
    await expect(navTitle(page, 'Release console')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to the release console' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Administrator' })).toBeChecked();
    await expectAccessible(page);
    await page.getByLabel('Username').fill(SANDBOX_ADMIN.username);
    await page.getByLabel('Password').fill(SANDBOX_ADMIN.password);
    await page.getByLabel('One-time code').fill(await freshAdminCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
    const card = page.getByRole('region', { name: 'mf_card' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Stable', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Roll back mf_card' })).toBeVisible();
    await expectAccessible(page);
  });
});
