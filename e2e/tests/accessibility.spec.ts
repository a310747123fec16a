import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { waitForShell } from '../support/app';
import { api, signInAs } from '../support/customer';

/** Every page that exists today passes axe-core (WCAG 2.2 AA) in en-US and ar-AE; each feature's own suite checks its pages. */
const PUBLIC_PAGES = [
  '/pages/index/index',
  '/pages/passport/login',
  '/pages/passport/register',
  '/pages/passport/reset-password',
];

for (const locale of ['en-US', 'ar-AE'] as const) {
  test.describe(`accessibility (${locale})`, () => {
    test.use({ locale });
    for (const path of PUBLIC_PAGES) {
      test(`${path} passes axe-core`, async ({ page }) => {
        await page.goto(path);
        await waitForShell(page);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
      });
    }
  });
}

/**
 * Issue 28: signed in as the demo customer, these pages had low-contrast nodes (the information tabs'
 * count badge, the address list's red "Delete", the welfare page's fine print). One test per locale,
 * one sign-in, the pages visited in turn (the demo customer has unread messages and saved addresses).
 */
const SIGNED_IN_PAGES = {
  'en-US': ['/pages/index/information', '/pages/card/select-address', '/pages/passport/welfare'],
  'ar-AE': ['/pages/index/information', '/pages/card/select-address', '/pages/passport/welfare'],
} as const;

for (const [locale, paths] of Object.entries(SIGNED_IN_PAGES)) {
  test.describe(`accessibility signed in as the demo customer (${locale})`, () => {
    test.use({ locale });
    test(`${paths.join(', ')} pass axe-core`, async ({ page, request }) => {
      const login = await api<{ token: string; userId: string }>(request, 'POST', 'user/login', {
        body: { account: 'demo@cardwallet.test', password: 'Demo1234!' },
      });
      expect(login.code, login.msg).toBe(200);
      await signInAs(page, login.data, locale);
      for (const path of paths) {
        await page.goto(path);
        await waitForShell(page);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.adm-skeleton')).toHaveCount(0);
        await expectAccessible(page);
      }
    });
  });
}
