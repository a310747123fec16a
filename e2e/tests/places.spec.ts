import { expect, test, type Page } from '@playwright/test';
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

/**
 * choose-location (issue 27): the card's add-address form opens the map page, the customer finds a
 * place by search or by tapping the map (the device position when allowed, the locale's country
 * when not), confirms, and the form comes back filled — still editable, with what was typed before
 * kept. A saved address opens on open-location (geocoded through places/search). Leaflet's tiles
 * come from the sandbox tile server under the CSP; en-US and right-to-left ar-AE, axe-clean.
 */

const map = (page: Page) => page.getByRole('application', { name: /Map|خريطة/ });

async function expectTilesLoaded(page: Page) {
  const tiles = map(page).locator('img.leaflet-tile');
  await expect(tiles.first()).toBeVisible();
  await expect
    .poll(() => tiles.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 256).length))
    .toBeGreaterThan(0);
}

async function startAddress(page: Page) {
  await page.goto('/pages/card/select-address');
  await waitForShell(page);
  await page.getByRole('button', { name: 'Add address' }).first().click();
  await expect(page).toHaveURL(/\/pages\/card\/add-address$/);
  await page.getByLabel('Receiver', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Mobile (with country code)', { exact: true }).fill('+971501234567');
  await page.getByRole('button', { name: 'Choose on map' }).click();
  await expect(page).toHaveURL(/\/pages\/system\/choose-location\?state=[0-9a-f]{32}$/);
}

test.describe('location denied', () => {
  test.use({ permissions: [] });

  test('search fills a shipping address; the saved address opens on open-location (en-US)', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'places-search');
    await signInAs(page, customer, 'en-US');
    await startAddress(page);
    // Denied: the map starts on the locale's country and says why.
    await expect(
      page.getByText('Location access is off, so the map starts in your region.', { exact: false }),
    ).toBeVisible();
    await expectTilesLoaded(page);
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search for a place' }).fill('burj khalifa');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Burj Khalifa/ })
      .click();
    const picked = page.getByRole('region', { name: 'Selected place' });
    await expect(picked).toContainText('Sheikh Mohammed bin Rashid Boulevard');
    await expect(picked).toContainText('25.197197, 55.274376');
    await page.getByRole('button', { name: 'Use this place' }).click();

    // Back on the same form entry: typed values kept, the place's parts filled in.
    await expect(page).toHaveURL(/\/pages\/card\/add-address/);
    await expect(page.getByRole('status').filter({ hasText: 'Address filled in from the map' })).toBeVisible();
    await expect(page.getByLabel('Receiver', { exact: true })).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel('Mobile (with country code)', { exact: true })).toHaveValue('+971501234567');
    await expect(page.getByLabel('Country or region', { exact: true })).toHaveValue('United Arab Emirates');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Dubai');
    await expect(page.getByLabel('Area / district', { exact: true })).toHaveValue('Downtown Dubai');
    await expect(page.getByLabel('Detailed address', { exact: true })).toHaveValue(
      'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Boulevard',
    );
    // The customer can still edit: the UAE has no postal codes, the form wants one.
    await page.getByLabel('Postal code', { exact: true }).fill('00000');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save address' }).click();
    // Saving goes back once: to the page before the form, not to a second copy of it.
    await expect(page).toHaveURL(/\/pages\/card\/select-address/);

    await page.getByRole('button', { name: 'Show the address of Ada Lovelace on the map' }).click();
    await expect(page).toHaveURL(/\/pages\/system\/open-location\?q=/);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByText('Burj Khalifa, 1 Sheikh Mohammed bin Rashid Boulevard, Downtown Dubai')).toBeVisible();
    await expect(page.getByText('25.197197, 55.274376')).toBeVisible();
    const tile = page.getByRole('img', { name: 'Map around Ada Lovelace' });
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
  });

  test('ar-AE: right to left, search in Arabic, errors and axe on choose-location', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'places-ar');
    await signInAs(page, customer, 'ar-AE');
    await page.goto('/pages/system/choose-location');
    await waitForShell(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByText('الوصول إلى الموقع متوقف', { exact: false })).toBeVisible();
    await expectTilesLoaded(page);
    // The map itself is not mirrored: north up, east right.
    await expect(map(page)).toHaveAttribute('dir', 'ltr');
    await page.getByRole('searchbox', { name: 'البحث عن مكان' }).fill('برج خليفة');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page.getByRole('list', { name: 'نتائج البحث' }).getByRole('button')).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole('list', { name: 'نتائج البحث' }).getByRole('button').click();
    await expect(page.getByRole('region', { name: 'المكان المختار' })).toContainText('برج خليفة');
    await expectAccessible(page);
    // A search the geocoder cannot answer: the error next to the field, translated, never a 500.
    await page.route('**/api/places/search?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 503,
          key: 'places_unavailable',
          msg: 'البحث عن الأماكن غير متاح حاليًا. حاول مرة أخرى لاحقًا.',
          data: null,
        }),
      }),
    );
    await page.getByRole('searchbox', { name: 'البحث عن مكان' }).fill('دبي مول');
    await page.getByRole('button', { name: 'بحث', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('البحث عن الأماكن غير متاح حاليًا. حاول مرة أخرى لاحقًا.');
    await expectAccessible(page);
  });
});

test.describe('location allowed', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 41.0256, longitude: 28.9742 } });

  test('centred on the device; a tap on the map picks the point that fills the address', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'places-tap');
    await signInAs(page, customer, 'en-US');
    await startAddress(page);
    await expect(page.getByText('The map is centred on your position.')).toBeVisible();
    const picked = page.getByRole('region', { name: 'Selected place' });
    // The device position is picked and looked up at once.
    await expect(picked).toContainText('Galata Tower');
    await expect(picked).toContainText('41.025600, 28.974200');
    await expectTilesLoaded(page);
    await expectAccessible(page);

    // Tap a quarter of the way in from the map's top-left corner: a new point, looked up again.
    const box = (await map(page).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await expect(picked).not.toContainText('41.025600, 28.974200');
    const coords = await picked.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/).textContent();
    const [lat, lon] = coords!.split(', ').map(Number);
    expect(lat).toBeGreaterThan(41.0256);
    expect(lon).toBeLessThan(28.9742);
    await expect(picked).toContainText('İstanbul');
    await page.getByRole('button', { name: 'Use this place' }).click();

    await expect(page).toHaveURL(/\/pages\/card\/add-address/);
    await expect(page.getByLabel('Receiver', { exact: true })).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel('Country or region', { exact: true })).toHaveValue('Türkiye');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('İstanbul');
  });
});
