import { expect, test } from '@playwright/test';
import { adminToken } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { differenceInUnits, toUnits } from '../support/money';
import { call, cardholder, main, signIn } from './cards-helpers';

/**
 * The unfreeze fee's coupon (issue 21, "every coupon scope redeemable"; docs/cards.md): a card the
 * issuer's risk control froze (sandbox, 0 days, so the request is open at once) — the settings page
 * offers the customer's unfreeze-fee coupon, shows the 1 USD fee, the discount and what is payable
 * before confirming, and only the payable amount leaves the card-funding balance.
 */
type Balances = { cardFunding: string };
type Card = { status: string; riskFreeze: { unfreezeRequested: boolean } | null };

test('an unfreeze-fee coupon lowers the unfreeze fee shown and charged', async ({ page, request }) => {
  test.setTimeout(60_000);
  const session = await cardholder(request);
  const admin = await adminToken(request);
  const issued = await call<{ codes: string[] }>(request, 'POST', 'admin/coupons/issue', admin, {
    name: 'e2e unfreeze fee',
    scope: 'card_unfreeze_fee',
    discountType: 'fixed',
    discountValue: '0.60',
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    quantity: 1,
  });
  const code = issued.codes[0]!;
  await call(request, 'POST', 'coupon/bind', session.token, { code });
  await call(request, 'POST', 'dev/cards/riskFreeze', null, { cardId: session.cardId, days: 0 });
  // The freeze reaches us as the issuer's signed webhook: wait for the card's state, not for a time.
  await expect
    .poll(
      async () => (await call<Card>(request, 'GET', 'card/detail', session.token, { cardId: session.cardId })).status,
    )
    .toBe('risk_frozen');
  const before = await call<Balances>(request, 'GET', 'wallet/balances', session.token);
  await signIn(page, session);

  await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
  const offered = main(page).getByRole('radio', { name: new RegExp(`^${code} — \\$0\\.60 off`) });
  await expect(offered).toBeChecked();
  const row = (label: string) => main(page).locator('.adm-list-item').filter({ hasText: label });
  await expect(row('Unfreeze fee')).toContainText('$1.00');
  await expect(row('Coupon discount')).toContainText('−$0.60');
  await expect(row('You pay')).toContainText('$0.40');
  // Without the coupon the full fee is payable; with it again, 0.40.
  await main(page).getByRole('radio', { name: 'No coupon' }).check();
  await expect(row('You pay')).toContainText('$1.00');
  await expect(row('Coupon discount')).toHaveCount(0);
  await offered.check();
  await expect(row('You pay')).toContainText('$0.40');
  await expectAccessible(page);

  await main(page)
    .getByRole('button', { name: /^Request unfreeze \(.?\$0\.40.?\)$/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The request costs');
  await expect(dialog).toContainText('$0.40');
  await dialog.getByRole('button', { name: /^Request unfreeze \(.?\$0\.40.?\)$/ }).click();
  await expect(main(page).getByText('Unfreeze already applied for')).toBeVisible();
  await expectAccessible(page);

  // Charged: 0.40 left the card funding, and the coupon is used.
  const after = await call<Balances>(request, 'GET', 'wallet/balances', session.token);
  expect(differenceInUnits(before.cardFunding, after.cardFunding)).toBe(toUnits('0.4'));
  const used = await call<{ data: Array<{ code: string }> }>(request, 'GET', 'coupon/list', session.token, {
    state: 'used',
    scope: 'card_unfreeze_fee',
  });
  expect(used.data.map((c) => c.code)).toContain(code);
});
