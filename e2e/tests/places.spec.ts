import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { waitForShell } from '../support/app';
import { registerCustomer, signInAs } from '../support/customer';

/**
 * The open-location page (issue 27): a point from a link shows its name, address, the map tile
 * around it (from the configured tile server — the sandbox's own here) and links that open it in the
 * phone's map apps; in en-US and right-to-left ar-AE, axe-clean.
 */
const POINT = {
  lat: '25.197197',
  lon: '55.274376',
  name: 'Burj Khalifa',
  address: '1 Sheikh Mohammed bin Rashid Blvd, Dubai',
};

for (const [locale, openIn] of [
  ['en-US', 'Open in Google Maps'],
  ['ar-AE', null],
] as const) {
  test(`open-location shows a point and opens it in map apps (${locale})`, async ({ page, request }) => {
    const customer = await registerCustomer(request, `places-${locale}`);
    await signInAs(page, customer, locale);
    await page.goto(`/pages/system/open-location?${new URLSearchParams(POINT)}`);
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: POINT.name })).toBeVisible();
    await expect(page.getByText(POINT.address)).toBeVisible();
    if (locale === 'ar-AE') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The sandbox tile server draws the tile; the image really loads under the CSP.
    const tile = page.getByRole('img', { name: new RegExp(POINT.name) });
    await expect(tile).toBeVisible();
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const links = page.getByRole('navigation').last().getByRole('link');
    await expect(links).toHaveCount(3);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs[0]).toMatch(/^geo:25\.197197,55\.274376/);
    expect(hrefs.some((h) => h.startsWith('https://maps.apple.com/'))).toBe(true);
    expect(hrefs.some((h) => h.startsWith('https://www.google.com/maps/'))).toBe(true);
    if (openIn) await expect(page.getByRole('link', { name: openIn })).toBeVisible();
    await expectAccessible(page);
  });
}
