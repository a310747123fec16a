import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, waitForShell } from '../support/app';
import { registerCustomer, signInAs } from '../support/customer';

test.describe('country picker, webview and diagnostics', () => {
  test('country: search by name or dial code, localised names, the choice goes back to the page that asked', async ({
    page,
  }) => {
    await page.goto(
      `/pages/index/country?selected=HK&returnTo=${encodeURIComponent('/pages/about/help?from=country')}`,
    );
    await waitForShell(page);
    await expect(navTitle(page, 'Country or region')).toBeVisible();
    await expect(page.getByRole('button', { name: /Hong Kong/ })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('searchbox').fill('tür');
    await expect(page.getByRole('button', { name: /Türkiye|Turkey/ })).toBeVisible();
    await page.getByRole('searchbox').fill('+971');
    await expect(page.getByRole('button', { name: /United Arab Emirates/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /United Arab Emirates/ }).click();
    await expect(page).toHaveURL(/\/pages\/about\/help\?from=country&country=AE&dialCode=%2B971$/);
  });

  test("country names are in the reader's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-HK' });
    const page = await context.newPage();
    await page.goto('/pages/index/country');
    await waitForShell(page);
    await page.getByRole('searchbox').fill('日本');
    await expect(page.getByRole('button', { name: /日本/ })).toBeVisible();
    await context.close();
  });

  test('webview refuses addresses outside the allowlist and never runs javascript: URLs', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    for (const url of ['https://evil.example/phish', 'javascript:alert(1)', 'http://cardwallet.test/']) {
      await page.goto(`/pages/index/webview?url=${encodeURIComponent(url)}`);
      await waitForShell(page);
      await expect(page.getByRole('alert')).toHaveText('This page cannot be opened here');
      await expect(page.locator('iframe')).toHaveCount(0);
    }
    expect(dialogs).toBe(0);
    await expectAccessible(page);
    // Our own page opens in the app itself.
    await page.goto(`/pages/index/webview?url=${encodeURIComponent('/pages/about/index')}`);
    await expect(navTitle(page, 'About us')).toBeVisible();
    // Our own other paths show in the frame, with its title.
    await page.goto(`/pages/index/webview?url=${encodeURIComponent('/api/docs')}&title=API`);
    await expect(page.locator('iframe[title="API"]')).toHaveAttribute('src', /\/api\/docs$/);
  });

  test('diagnostics show versions, apps and the session without the token; sandbox deposit tool', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'diag');
    await signInAs(page, customer);
    await page.goto('/pages/index/test');
    await waitForShell(page);
    await expect(navTitle(page, 'Diagnostics')).toBeVisible();
    await expect(page.getByText(`Signed in as user ${customer.userId}`)).toBeVisible();
    await expect(page.getByText('mf_wallet')).toBeVisible();
    await expect(page.getByText(/^OK \(pglite\)$/)).toBeVisible();
    expect(await page.content()).not.toContain(customer.token);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Simulate a 100 USDT deposit' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Deposit sent: it is credited after \d+ confirmations\.$/);
  });
});
