import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { differenceInUnits, toUnits } from '../support/money';
import { call, cardholder, main, signIn } from './cards-helpers';

/**
 * Cards, part 2 in Chromium against the real API and the sandbox issuer: details reveal behind the
 * transaction password (and its refusal without one), a sandbox merchant purchase reaching the
 * statement as a signed issuer webhook (pre-authorisation → completed), freeze → declined purchase
 * → unfreeze, close refunding the wallet, binding a physical card received by post, one journey in
 * ar-AE; axe-core on every page of the issue.
 */

/** Six digits on the on-screen PIN pad's cells (a physical keyboard works on them too). */
async function typePin(page: Page, label: string, digits: string) {
  const cells = page.getByLabel(label, { exact: true });
  await cells.click();
  await page.keyboard.type(digits);
}

test.describe('cards, part 2', () => {
  test('card details: refused without a transaction password, revealed with it, then hidden', async ({
    page,
    request,
  }) => {
    const session = await cardholder(request);
    await signIn(page, session);
    await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
    await expect(main(page).getByRole('button', { name: 'View card number and CVV' })).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('button', { name: 'View card number and CVV' }).click();
    await typePin(page, 'Transaction password, 6 digits', '246810');
    await expect(main(page).getByText('Viewing CVV requires a transaction password')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Set a transaction password' })).toHaveAttribute(
      'href',
      '/pages/user/paypass',
    );
    await expectAccessible(page);

    await call(request, 'POST', 'user/stepUp', session.token, {
      purpose: 'paypass',
      proof: { kind: 'password', password: session.password },
    });
    await call(request, 'POST', 'user/setPayPassword', session.token, {
      password: '246810',
      confirmPassword: '246810',
    });
    await typePin(page, 'Transaction password, 6 digits', '246810');
    const details = main(page).getByRole('region', { name: 'Card details' });
    await expect(details).toBeVisible();
    await expect(details.getByText(/^\d{4} \d{4} \d{4} \d{4}$/)).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Hide now' }).click();
    await expect(details).toBeHidden();
  });

  test('a sandbox purchase reaches the statement as a pre-authorisation, then completed', async ({ page, request }) => {
    const session = await cardholder(request);
    await signIn(page, session);
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await expect(main(page).getByText('No card orders yet')).toBeVisible();
    await expectAccessible(page);

    const purchase = await call<{ transactionId: string; approved: boolean }>(
      request,
      'POST',
      'dev/cards/purchase',
      null,
      { cardId: session.cardId, amount: '12.50', merchant: 'Corner Bakery' },
    );
    expect(purchase.approved).toBe(true);
    const row = main(page).getByRole('button', { name: /Corner Bakery/ });
    // The issuer's webhook is announced live to the open page (no reload).
    await expect(row).toContainText('Pre-authorisation');
    await call(request, 'POST', 'dev/cards/transaction', null, {
      transactionId: purchase.transactionId,
      action: 'clear',
    });
    await expect(row).toContainText('Completed');
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Order details' });
    await expect(dialog.getByText('Settlement amount')).toBeVisible();
    await expect(dialog.getByText('Corner Bakery')).toBeVisible();
    await expectAccessible(page);

    // Next month's run of the issuer (this card only): the product's 1 USD monthly fee arrives live.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const run = await call<{ charged: number }>(request, 'POST', 'dev/cards/monthlyFees', null, {
      cardId: session.cardId,
      month: next.toISOString().slice(0, 7),
    });
    expect(run.charged).toBe(1);
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      next,
    );
    const fee = main(page).getByRole('button', { name: new RegExp(`Monthly card fee · ${monthName}`) });
    await expect(fee).toContainText('−$1.00');
    await expect(fee).toContainText('Completed');
  });

  test("the diagnostics page's sandbox merchant buys on the card; the purchase is in the statement", async ({
    page,
    request,
  }) => {
    const session = await cardholder(request);
    await signIn(page, session);
    await page.goto('/pages/index/test');
    await expect(page.getByRole('heading', { name: 'Test purchase at a merchant' })).toBeVisible();
    await page.getByLabel('Amount (USD)').fill('3.20');
    await page.getByLabel('Merchant', { exact: true }).fill('Diagnostics Bakery');
    await page.getByRole('button', { name: 'Make the purchase' }).click();
    await expect(page.getByText('Approved and completed: it is in the card statement.')).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await expect(main(page).getByRole('button', { name: /Diagnostics Bakery/ })).toContainText('Completed');
  });

  test('freeze → a purchase is declined → unfreeze', async ({ page, request }) => {
    const session = await cardholder(request);
    await signIn(page, session);
    await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
    await main(page).getByRole('button', { name: 'Freeze card' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Freeze card' }).click();
    await expect(main(page).getByRole('article')).toContainText('Frozen');
    await expectAccessible(page);

    const declined = await call<{ approved: boolean; declineReason: string }>(
      request,
      'POST',
      'dev/cards/purchase',
      null,
      { cardId: session.cardId, amount: '5', merchant: 'Late Night Cab' },
    );
    expect(declined).toMatchObject({ approved: false, declineReason: 'card_frozen' });
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await expect(main(page).getByRole('button', { name: /Late Night Cab/ })).toContainText('Transaction cancelled');

    await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
    await main(page).getByRole('button', { name: 'Unfreeze card' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unfreeze card' }).click();
    await expect(main(page).getByRole('article')).toContainText('Active');
    expect(
      (
        await call<{ approved: boolean }>(request, 'POST', 'dev/cards/purchase', null, {
          cardId: session.cardId,
          amount: '5',
        })
      ).approved,
    ).toBe(true);
  });

  test('closing a card refunds its balance to the wallet', async ({ page, request }) => {
    const session = await cardholder(request, { funds: '200', load: '100' });
    type Info = { cardFunding: string; sources: Array<{ currency: string; available: string }> };
    const usdt = (i: Info) => i.sources.find((x) => x.currency === 'USDT')?.available ?? '0';
    const before = await call<Info>(request, 'GET', 'wallet/transferInfo', session.token);
    await signIn(page, session);
    await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
    // The refund goes to the wallet in the currency chosen before confirming (spec §4).
    await main(page).getByRole('radio', { name: 'USDT' }).check();
    await main(page).getByRole('button', { name: 'Close card' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('$100.00');
    // Money that came in as USDT returns 1:1 as USDT; another coin would be priced as an exchange.
    await expect(dialog).toContainText('As USDT it returns 1:1 only up to what you brought in as USDT');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close card' }).click();
    await expect(main(page).getByRole('article')).toContainText('Closed');
    const after = await call<Info>(request, 'GET', 'wallet/transferInfo', session.token);
    expect(differenceInUnits(usdt(after), usdt(before))).toBe(toUnits('100'));
    expect(after.cardFunding).toBe(before.cardFunding);
  });

  test('bind a physical card received by post', async ({ page, request }) => {
    const session = await cardholder(request, { level: 2, load: '0' });
    const stock = await call<{ pan: string; carrierCode: string; last4: string }>(
      request,
      'POST',
      'dev/cards/stock',
      null,
      { brand: 'mastercard', tier: 'standard' },
    );
    await signIn(page, session);
    await page.goto('/pages/card/bind-card');
    await expect(main(page).getByText('Only cards issued by CardWallet can be bound.')).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Start' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/binding-card$/);
    await main(page).getByLabel('Card number', { exact: true }).fill('4111 1111 1111 1111');
    await main(page).getByLabel('Carrier code (6 digits)', { exact: true }).fill(stock.carrierCode);
    await main(page).getByRole('button', { name: 'Bind card' }).click();
    await expect(main(page).getByText('Only cards issued by CardWallet can be linked.')).toBeVisible();
    await expectAccessible(page);
    await main(page).getByLabel('Card number', { exact: true }).fill(stock.pan);
    await main(page).getByRole('button', { name: 'Bind card' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/binding-card-success\?cardId=/);
    await expect(main(page).getByText('Your card is bound')).toBeVisible();
    await expect(main(page).getByRole('article')).toContainText(stock.last4);
    await expectAccessible(page);
  });

  test('ar-AE: the statement right to left, amounts left to right; the PIN pad', async ({ page, request }) => {
    const session = await cardholder(request);
    await call(request, 'POST', 'dev/cards/purchase', null, {
      cardId: session.cardId,
      amount: '20',
      currency: 'EUR',
      merchant: 'Dubai Mall',
      then: 'clear',
    });
    await signIn(page, session, 'ar-AE');
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const row = main(page).getByRole('button', { name: /Dubai Mall/ });
    await expect(row).toContainText('مكتملة');
    await expect(row.locator('.card-order-amount')).toHaveCSS('direction', 'ltr');
    await expectAccessible(page);
    await page.goto(`/pages/card/set-card-pin?cardId=${session.cardId}&kind=pin`);
    // The login password first (step-up, issue 22).
    await main(page).getByLabel('كلمة مرور تسجيل الدخول').fill(session.password);
    await main(page).getByRole('button', { name: 'التالي' }).click();
    await expect(main(page).getByRole('heading', { name: 'أدخل رمزًا سريًا جديدًا للبطاقة من 6 أرقام' })).toBeVisible();
    await expectAccessible(page);
    await typePin(page, 'الرمز الجديد، 6 أرقام', '135790');
    await typePin(page, 'الرمز الجديد مرة أخرى، 6 أرقام', '135790');
    await expect(main(page).getByText('تم تغيير الرمز السري للبطاقة')).toBeVisible();
    await expectAccessible(page);
  });
});
