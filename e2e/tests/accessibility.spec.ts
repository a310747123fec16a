import { test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { waitForShell } from '../support/app';

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
