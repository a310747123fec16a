import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { call, cardholder, main, signIn } from './cards-helpers';

/**
 * Issue 23, part 1 in Chromium against the real API and the sandbox issuer: an online purchase from
 * the diagnostics page raises the 3-D Secure sheet on ANOTHER page of the app within 2 s (live
 * stream → the shell loads the card app's overlay) and is approved there with the transaction
 * password; the statement says "Approved in the app". A blocked merchant category is declined with
 * its reason. ar-AE and axe-core on the new sheet and pages.
 */
const PAY_PASSWORD = '246810';

async function withPayPassword(request: Parameters<typeof call>[0], session: { token: string; password: string }) {
  await call(request, 'POST', 'user/stepUp', session.token, {
    purpose: 'paypass',
    proof: { kind: 'password', password: session.password },
  });
  await call(request, 'POST', 'user/setPayPassword', session.token, {
    password: PAY_PASSWORD,
    confirmPassword: PAY_PASSWORD,
  });
}

async function onlinePurchase(page: Page, amount: string, merchant: string, risk = 'high') {
  await page.goto('/pages/index/test');
  await expect(page.getByRole('heading', { name: 'Test purchase at a merchant' })).toBeVisible();
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByLabel('Merchant', { exact: true }).fill(merchant);
  await page.getByLabel('How the card is used').selectOption('online');
  await page.getByLabel('Merchant risk (3-D Secure)').selectOption(risk);
}

test.describe('3-D Secure in the app and spending controls', () => {
  test('an online purchase raises the challenge on another page within 2 s; approved with the transaction password', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(90_000);
    const session = await cardholder(request);
    await withPayPassword(request, session);
    await signIn(page, session);
    // The customer is on the wallet page in one tab; the merchant's purchase is made from another.
    await page.goto('/pages/wallet/index');
    await expect(main(page)).toBeVisible();
    const merchantTab = await context.newPage();
    await onlinePurchase(merchantTab, '42.00', 'Sky Airlines Online');
    // Let the customer's tab have its live stream open before the purchase.
    await page.waitForTimeout(500);
    const started = Date.now();
    await merchantTab.getByRole('button', { name: 'Make the purchase' }).click();
    const sheet = page.getByRole('dialog', { name: 'Confirm this payment' });
    await expect(sheet).toBeVisible({ timeout: 2_000 });
    const elapsed = Date.now() - started;
    test.info().annotations.push({ type: 'challenge shown after (ms)', description: String(elapsed) });
    await expect(merchantTab.getByRole('status')).toContainText('confirm this payment in the app');
    await expect(sheet).toContainText('Sky Airlines Online');
    await expect(sheet).toContainText('$42.00');
    await expect(sheet.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
    // The wallet hero's "Move to wallet" link (shown with a card-funding balance) fails contrast on
    // its own (#0a58ca on #1d1f24, mf-wallet) — not part of this sheet; reported, left to its owner.
    await expectAccessible(page, { exclude: ['.wallet-hero-sub'] });

    await sheet.getByRole('button', { name: 'Approve' }).click();
    await sheet.getByLabel('Transaction password, 6 digits', { exact: true }).click();
    await page.keyboard.type(PAY_PASSWORD);
    await expect(sheet.getByRole('status')).toHaveText('Approved. The merchant completes the payment.');
    await expectAccessible(page, { exclude: ['.wallet-hero-sub'] });
    await expect(sheet).toBeHidden({ timeout: 6_000 });

    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    const line = main(page).getByRole('button', { name: /Sky Airlines Online/ });
    await expect(line).toContainText('Approved in the app');
    await expect(line).toContainText('Pre-authorisation');
    await merchantTab.close();
  });

  test('a blocked category is declined with its reason; the controls page in ar-AE passes axe', async ({
    page,
    request,
  }) => {
    const session = await cardholder(request);
    await signIn(page, session);
    await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
    await main(page).getByRole('link', { name: 'Spending controls' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/spending-controls\?cardId=/);
    await page.getByLabel('Cool-off for lifting the Gambling block').selectOption('168');
    await main(page).getByRole('button', { name: 'Block Gambling' }).click();
    await expect(main(page).getByText('Blocked · lifting takes 7 days')).toBeVisible();
    await expectAccessible(page);

    await page.goto('/pages/index/test');
    await page.getByLabel('Amount (USD)').fill('5.00');
    await page.getByLabel('Merchant', { exact: true }).fill('Lucky Casino');
    await page.getByLabel('Merchant category (MCC)').selectOption('7995');
    await page.getByRole('button', { name: 'Make the purchase' }).click();
    await expect(page.getByRole('status')).toContainText('blocked_category');

    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await main(page)
      .getByRole('button', { name: /Lucky Casino/ })
      .click();
    await expect(page.getByText('Blocked merchant category')).toBeVisible();

    // The same page in Arabic (right to left) passes axe too.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar-AE'));
    await page.goto(`/pages/card/spending-controls?cardId=${session.cardId}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(main(page).getByRole('heading', { name: 'فئات التجار المحظورة' })).toBeVisible();
    await expect(main(page).getByRole('switch', { name: /المدفوعات عبر الإنترنت/ })).toBeChecked();
    await expectAccessible(page);
  });

  test('ar-AE: the challenge sheet over a page, declined with one tap; the challenge page passes axe', async ({
    page,
    request,
  }) => {
    const session = await cardholder(request);
    await signIn(page, session, 'ar-AE');
    await page.goto(`/pages/card/three-ds`);
    await expect(main(page).getByRole('heading', { name: 'لا توجد دفعة بانتظارك' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
    await expect(main(page)).toBeVisible();
    await page.waitForTimeout(500);
    const purchase = await call<{ challengeId: string | null }>(request, 'POST', 'dev/cards/purchase', null, {
      cardId: session.cardId,
      amount: '30',
      currency: 'EUR',
      merchant: 'Boutique Paris',
      channel: 'online',
      risk: 'high',
    });
    expect(purchase.challengeId).toBeTruthy();
    const sheet = page.getByRole('dialog', { name: 'أكّد هذه الدفعة' });
    await expect(sheet).toBeVisible({ timeout: 2_000 });
    await expect(sheet).toContainText('Boutique Paris');
    await expectAccessible(page);
    await sheet.getByRole('button', { name: 'رفض' }).click();
    await expect(sheet.getByRole('status')).toContainText('تم الرفض');
    const orders = await call<{ data: Array<{ threeDs: string; declineReason: string }> }>(
      request,
      'GET',
      'card/orders',
      session.token,
    );
    expect(orders.data[0]).toMatchObject({ threeDs: 'declined', declineReason: 'threeds_declined' });
  });
});
