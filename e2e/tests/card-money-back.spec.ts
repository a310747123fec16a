import { expect, test } from '@playwright/test';
import { adminToken } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { differenceInUnits, toUnits } from '../support/money';
import { call, main, signIn } from './cards-helpers';
import { loginThroughApi } from './passport-helpers';

/**
 * Card money back to the wallet (issue 21; docs/cards.md "Money back to the wallet"), in Chromium
 * against the real API: the demo customer withdraws from the demo card into the USDT wallet, then
 * moves part of the card-funding balance (the USD that had no way back) into the wallet too, each
 * behind the transaction password, and sees both in the wallet.
 */
const DEMO = { account: 'demo@cardwallet.test', password: 'Demo1234!', payPassword: '246810' };

type Balances = { balances: Array<{ currency: string; available: string }>; cardFunding: string };
const usdt = (b: Balances) => b.balances.find((x) => x.currency === 'USDT')!.available;

test('the demo customer withdraws from a card and moves card-funding money back, and sees it in the wallet', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await loginThroughApi(request, DEMO.account, DEMO.password);
  const { cards } = await call<{ cards: Array<{ id: string; status: string; type: string; balance: string }> }>(
    request,
    'GET',
    'card/list',
    session.token,
  );
  const card = cards.find((c) => c.type === 'virtual' && c.status === 'active')!;
  expect(Number(card.balance)).toBeGreaterThanOrEqual(16);
  const before = await call<Balances>(request, 'GET', 'wallet/balances', session.token);
  expect(Number(before.cardFunding)).toBeGreaterThanOrEqual(20);
  await signIn(page, session);

  // 1. Card → wallet: destination, currency, fee and what arrives before confirming; the transaction password.
  await page.goto(`/pages/card/withdraw?cardId=${card.id}`);
  await page.getByLabel('Amount (USD)', { exact: true }).fill('10');
  await main(page).getByRole('radio', { name: 'USDT' }).check();
  await expect(main(page)).toContainText('Wallet · USDT');
  await expect(main(page)).toContainText('10.00 USDT');
  await expect(main(page)).toContainText('$5.00');
  await page.getByLabel('Transaction password', { exact: true }).fill(DEMO.payPassword);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/pages\/card\/index$/);

  // 2. Card funding → wallet, from the wallet home.
  await page.goto('/pages/wallet/index');
  await main(page).getByRole('button', { name: 'Move to wallet' }).click();
  await expect(page).toHaveURL(/\/pages\/wallet\/card-funding$/);
  await page.getByLabel('Amount (USD)', { exact: true }).fill('20');
  await main(page).getByRole('option', { name: 'USDT' }).click();
  const summary = main(page).getByLabel('Before you confirm');
  await expect(summary).toContainText('Card funding balance');
  await expect(summary).toContainText('Wallet · USDT');
  await expect(summary).toContainText('20.00 USDT');
  await expectAccessible(page);
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await main(page).getByLabel('6-digit transaction password').focus();
  await page.keyboard.type(DEMO.payPassword);
  await expect(main(page).getByText('20.00 USDT is in your wallet.')).toBeVisible();
  await expectAccessible(page);

  // 3. Both arrived in the wallet: its statement has them (the demo's seeded deposits may confirm
  // meanwhile as other specs mine blocks, so the entries are checked, not the balance's total).
  const flow = await call<{ data: Array<{ type: string; amount: string; currency: string }> }>(
    request,
    'GET',
    'wallet/cashFlow',
    session.token,
    {
      filter: 'income',
      currency: 'USDT',
      page: '1',
      per_page: '10',
    },
  );
  expect(flow.data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'card_withdraw', amount: '10' }),
      expect.objectContaining({ type: 'transfer_from_card', amount: '20' }),
    ]),
  );
  const after = await call<Balances>(request, 'GET', 'wallet/balances', session.token);
  expect(differenceInUnits(usdt(after), usdt(before)) >= toUnits('30')).toBe(true);
  expect(differenceInUnits(before.cardFunding, after.cardFunding)).toBe(toUnits('20'));
  await main(page).getByRole('button', { name: 'Back to the wallet' }).click();
  await expect(page).toHaveURL(/\/pages\/wallet\/index$/);
  await page.goto('/pages/wallet/cash-flow');
  await expect(main(page).getByText('From card funding').first()).toBeVisible();
  await expect(main(page).getByText('Card withdrawal').first()).toBeVisible();
});

test('a top-up coupon lowers the gateway fee shown and charged', async ({ page, request }) => {
  const session = await loginThroughApi(request, DEMO.account, DEMO.password);
  const admin = await adminToken(request);
  const issued = await call<{ codes: string[] }>(request, 'POST', 'admin/coupons/issue', admin, {
    name: 'e2e gateway fee',
    scope: 'card_topup_gateway_fee',
    discountType: 'fixed',
    discountValue: '1',
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    quantity: 1,
  });
  const code = issued.codes[0]!;
  await call(request, 'POST', 'coupon/bind', session.token, { code });
  const { cards } = await call<{ cards: Array<{ id: string; status: string; type: string; balance: string }> }>(
    request,
    'GET',
    'card/list',
    session.token,
  );
  const card = cards.find((c) => c.type === 'virtual' && c.status === 'active')!;
  const before = await call<Balances>(request, 'GET', 'wallet/balances', session.token);
  await signIn(page, session);

  await page.goto(`/pages/card/recharge?cardId=${card.id}`);
  await page.getByLabel('Amount (USD)', { exact: true }).fill('20');
  await expect(main(page).locator('.adm-list-item').filter({ hasText: 'Gateway fee' })).toContainText('$0.30');
  await main(page)
    .getByRole('radio', { name: new RegExp(`^${code} — \\$1\\.00 off`) })
    .check();
  await expect(main(page).locator('.adm-list-item').filter({ hasText: 'Gateway fee' })).toContainText('$0.00');
  await expect(main(page).locator('.adm-list-item').filter({ hasText: 'Total taken from your wallet' })).toContainText(
    '$20.00',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page).toHaveURL(/\/pages\/card\/index$/);
  const after = await call<Balances>(request, 'GET', 'wallet/balances', session.token);
  // Only the 20 USD left the card funding: the coupon paid the 0.30 fee.
  expect(differenceInUnits(before.cardFunding, after.cardFunding)).toBe(toUnits('20'));
});
