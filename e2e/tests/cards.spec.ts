import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { call, fundedCustomer, main, signIn } from './cards-helpers';

/**
 * Cards, part 1 in Chromium against the real API (sandbox issuer, sandbox chain): apply for a
 * virtual card → activate it with the first top-up → withdraw to the wallet; the physical card
 * refused without KYC 2 and shown the way; one journey in ar-AE; axe-core on every card page.
 * Set-up goes through the sandbox controls (KYC level, chain deposit) and the real wallet transfer.
 */

/** A customer at `level` (sandbox KYC control) with `funds` USD on the wallet's card-funding balance. */
const customer = (request: APIRequestContext, { level, funds }: { level: number; funds: string }) =>
  fundedCustomer(request, { level, funds });

/** The apply page's WeChat Pay button once its quote has arrived: its name carries the yuan amount. */
const weChatPayQuoted = (page: Page) => page.getByRole('button', { name: /¥\d+\.\d{2}/ });

test.describe('cards', () => {
  test('apply for a virtual card → activate with the first top-up → withdraw to the wallet (en-US)', async ({
    page,
    request,
  }) => {
    // Three flows in one customer's life (apply, activate, withdraw) with four axe checks: 35–48 s
    // on two loaded cores, past the suite's 45 s default.
    test.setTimeout(90_000);
    const session = await customer(request, { level: 1, funds: '300' });
    await signIn(page, session);

    await page.goto('/pages/card/index');
    await expect(page.getByText('No cards yet')).toBeVisible();
    await expectAccessible(page);

    await page.getByText('Apply for a card').click();
    await expect(page).toHaveURL(/\/pages\/card\/apply$/);
    await expect(page.getByRole('radio', { name: 'Virtual' })).toBeChecked();
    // Settled before axe: the WeChat Pay button turns from disabled to enabled when its quote
    // arrives, and a check that runs during that fade measures its half-transparent text.
    await expect(weChatPayQuoted(page)).toBeEnabled();
    await expectAccessible(page);
    await page.getByLabel('Card PIN (6 digits)', { exact: true }).fill('482915');
    await page.getByLabel('Repeat the card PIN', { exact: true }).fill('482915');
    await page.getByRole('button', { name: 'Apply and pay $10.00' }).click();

    await expect(page).toHaveURL(/\/pages\/card\/apply-success\?cardId=/);
    await expect(page.getByRole('heading', { name: 'Your card is open' })).toBeVisible();
    const tile = page.getByRole('article', { name: /Visa Virtual card ending \d{4}/ });
    await expect(tile).toContainText('Not activated');
    await expectAccessible(page);
    await expect(page.locator('body')).not.toContainText(/\d{12,19}/);

    await page.getByRole('button', { name: 'Activate now' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/card-activation\?cardId=/);
    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Mobile (with country code)', { exact: true }).fill('+447911123456');
    await page.getByLabel(/First top-up in USD/).fill('100');
    await expect(main(page)).toContainText('$0.00');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Activate with this top-up' }).click();

    await expect(page).toHaveURL(/\/pages\/card\/index$/);
    const active = page.getByRole('article', { name: /Visa Virtual card ending \d{4}/ });
    await expect(active).toContainText('Active');
    await expect(active).toContainText('$100.00');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page).toHaveURL(/select-card\?for=withdraw/);
    await expect(page.getByRole('heading', { name: 'Which card do you want to withdraw from?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('article', { name: /Visa Virtual card ending/ }).click();
    await expect(page).toHaveURL(/\/pages\/card\/withdraw\?cardId=/);
    await expect(main(page)).toContainText('$94.00');
    // The withdrawal asks the transaction password (spec §6).
    await call(request, 'POST', 'user/stepUp', session.token, {
      purpose: 'paypass',
      proof: { kind: 'password', password: session.password },
    });
    await call(request, 'POST', 'user/setPayPassword', session.token, {
      password: '135790',
      confirmPassword: '135790',
    });
    await page.getByLabel('Amount (USD)', { exact: true }).fill('95');
    await page.getByLabel('Transaction password', { exact: true }).fill('135790');
    // Refused at the field as it is typed (shared amount field), before any submit.
    await expect(page.getByText(/^\u2068?1\.00 USD\u2069? must stay in the balance$/)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Amount (USD)', { exact: true }).fill('50');
    await expect(main(page)).toContainText('Wallet · USD');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/index$/);
    await expect(page.getByRole('article', { name: /Visa Virtual card ending/ })).toContainText('$45.00');

    // 300 − 10 application fee − 100 first top-up = 190 on the card-funding balance; the 50 withdrawn are in the USD wallet.
    const info = await call<{ cardFunding: string; sources: Array<{ currency: string; available: string }> }>(
      request,
      'GET',
      'wallet/transferInfo',
      session.token,
    );
    expect(info.cardFunding).toBe('190.00');
    expect(info.sources.find((x) => x.currency === 'USD')?.available).toBe('50');

    await page.goto('/pages/card/recharge');
    await expect(page).toHaveURL(/select-card\?for=recharge/);
    await page.getByRole('article', { name: /Visa Virtual card ending/ }).click();
    await page.getByLabel('Amount (USD)', { exact: true }).fill('49.99');
    await expect(main(page)).toContainText('$0.30');
    await expectAccessible(page);

    for (const path of ['list', 'benefits', 'vbenefits']) {
      await page.goto(`/pages/card/${path}`);
      await expect(main(page).locator('.adm-skeleton')).toHaveCount(0);
      await expect(main(page)).not.toBeEmpty();
      await expectAccessible(page);
    }
  });

  test('a physical card is refused without KYC 2 and the customer is shown the way', async ({ page, request }) => {
    const session = await customer(request, { level: 1, funds: '100' });
    await signIn(page, session);
    await page.goto('/pages/card/apply?type=physical');
    await expect(page.getByRole('radio', { name: 'Physical' })).toBeChecked();
    const notice = page.getByRole('alert').filter({ hasText: /level 2|KYC/i });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: /Apply and pay/ })).toBeDisabled();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Complete the identity check (KYC 2)' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/sumsub$/);
    await expect(page.getByRole('heading', { name: 'Identity check for physical cards' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start verification' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/kyc-lv2\?redirect=/);
  });

  test('shipping addresses: add with a checked mobile number, then choose one for a physical card (KYC 2)', async ({
    page,
    request,
  }) => {
    const session = await customer(request, { level: 2, funds: '100' });
    await signIn(page, session);
    await page.goto('/pages/card/select-address');
    await expect(page.getByText('No shipping address yet')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add address' }).first().click();
    await expect(page).toHaveURL(/add-address/);
    await page.getByLabel('Receiver', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Mobile (with country code)', { exact: true }).fill('12345');
    for (const [label, value] of [
      ['Country or region', 'United Kingdom'],
      ['Province / state', 'England'],
      ['City', 'London'],
      ['Area / district', 'Camden'],
      ['Detailed address', '12 Example Street'],
      ['Postal code', 'NW1 8AB'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Please enter a valid mobile number')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Mobile (with country code)', { exact: true }).fill('+447911123456');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/select-address/);
    await expect(page.getByText('Ada Lovelace')).toBeVisible();

    await page.goto('/pages/card/apply?type=physical');
    await expect(main(page)).toContainText('12 Example Street');
    await page.getByLabel('Card PIN (6 digits)', { exact: true }).fill('736204');
    await page.getByLabel('Repeat the card PIN', { exact: true }).fill('736204');
    await page.getByRole('button', { name: 'Apply and pay $50.00' }).click();
    await expect(page).toHaveURL(/apply-success/);
    await expect(main(page)).toContainText('about 7 working days');
    await expect(page.getByRole('article', { name: /Visa Physical card ending/ })).toContainText('Being prepared');
  });

  test('ar-AE: apply for a virtual card and activate it, right to left', async ({ page, request }) => {
    const session = await customer(request, { level: 1, funds: '100' });
    await signIn(page, session, 'ar-AE');
    await page.goto('/pages/card/apply');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('radio', { name: 'افتراضية' })).toBeChecked();
    await expect(weChatPayQuoted(page)).toBeEnabled();
    await expectAccessible(page);
    await page.getByLabel('الرقم السري للبطاقة (6 أرقام)', { exact: true }).fill('482915');
    await page.getByLabel('أعد إدخال الرقم السري', { exact: true }).fill('482915');
    await page.getByRole('button', { name: /اطلب وادفع/ }).click();
    await expect(page).toHaveURL(/apply-success/);
    await expect(page.getByRole('heading', { name: 'تم فتح بطاقتك' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'فعّل الآن' }).click();
    await page.getByLabel('الاسم الأول', { exact: true }).fill('Ada');
    await page.getByLabel('اسم العائلة', { exact: true }).fill('Lovelace');
    await page.getByLabel('رقم الجوال (مع رمز الدولة)', { exact: true }).fill('+971501234567');
    await page.getByLabel(/أول شحن بالدولار/).fill('20');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'فعّل بهذا الشحن' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/index$/);
    await expect(page.getByRole('article').first()).toContainText('مفعّلة');
    await expectAccessible(page);
  });
});
