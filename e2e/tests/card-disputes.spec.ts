import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { greyPng } from '../support/png';
import { call, cardholder, main, signIn } from './cards-helpers';

/**
 * Card disputes (issue 23) in Chromium against the real API and the sandbox issuer's dispute desk:
 * a dispute filed from a statement line in three taps (line → reason → submit), followed live on
 * its page as the issuer's signed webhooks arrive (under review → provisional credit → won, driven
 * once from the diagnostics page's desk), the card's disputes list; a fraud dispute's replacement
 * card (confirmation sheet, new card, the dispute following it); a lost dispute whose credit was spent
 * (what is still owed); ar-AE right to left; axe-core on every new page, sheet and on the form.
 */
/** A "receipt" as evidence: a real PNG. */
function receipt(): { name: string; mimeType: string; buffer: Buffer } {
  return { name: 'receipt.png', mimeType: 'image/png', buffer: greyPng() };
}

test.describe('card disputes', () => {
  test('filed from the statement in three taps and followed to "won"', async ({ page, request }) => {
    // A long journey (three pages, six webhooks): the same allowance as the other card journeys on a loaded machine.
    test.setTimeout(90_000);
    const session = await cardholder(request);
    await call(request, 'POST', 'dev/cards/purchase', null, {
      cardId: session.cardId,
      amount: '25',
      merchant: 'Gadget Store',
      then: 'clear',
    });
    await signIn(page, session);
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    const row = main(page).getByRole('button', { name: /Gadget Store/ });
    await expect(row).toContainText('Completed');

    // Tap 1: the statement line. Tap 2: the reason. Tap 3: submit.
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Order details' });
    await expect(dialog.getByRole('form', { name: 'Dispute this purchase' })).toBeVisible();
    await expect(dialog.getByText('Free of charge. We tell you at every step.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByText('Not received', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Submit dispute' }).click();

    await expect(page).toHaveURL(/\/pages\/card\/dispute\?id=/);
    const disputeId = new URL(page.url()).searchParams.get('id')!;
    await expect(main(page).getByRole('heading', { name: 'Dispute: Gadget Store' })).toBeVisible();
    const status = main(page).locator('.dispute-summary').getByRole('status');
    await expect(status).toHaveText('Submitted');
    await expectAccessible(page);

    // The issuer takes the case: its signed webhook reaches the open page live (no reload).
    await call(request, 'POST', 'dev/cards/disputes/advance', null, { disputeId });
    await expect(status).toHaveText('Under review');

    // The diagnostics page's dispute desk decides "won" and moves the case to the end.
    await page.goto('/pages/index/test');
    const desk = page.getByRole('form', { name: 'Sandbox disputes (card issuer)' });
    await desk.getByText('Won: the credit stays').click();
    await desk.getByRole('button', { name: 'Move one step' }).click();
    await expect(desk.getByRole('status')).toHaveText('Disputes moved: 1');
    await desk.getByRole('button', { name: 'Move one step' }).click();
    await expect(desk.getByRole('status')).toHaveText('Disputes moved: 1');
    await expectAccessible(page);

    await page.goto(`/pages/card/dispute?id=${disputeId}`);
    await expect(main(page).locator('.dispute-summary').getByRole('status')).toHaveText('Won');
    const timeline = main(page).getByRole('list', { name: 'Progress' });
    await expect(timeline.getByRole('listitem')).toHaveCount(4);
    await expect(timeline).toContainText('25.00 credited to your card');
    await expect(timeline).toContainText('The credit is yours to keep.');
    await expectAccessible(page);

    // The provisional credit is on the card: 25 USD more than after the purchase, and it stays.
    const card = await call<{ balance: string }>(request, 'GET', 'card/detail', session.token, {
      cardId: session.cardId,
    });
    expect(Number(card.balance)).toBeGreaterThanOrEqual(25);

    // The card's disputes.
    await main(page).getByRole('button', { name: 'All disputes of this card' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/disputes\?cardId=/);
    await expect(main(page).getByRole('button', { name: /Gadget Store/ })).toContainText('Won');
    await expectAccessible(page);

    // The statement line now leads to its dispute instead of a second one.
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await main(page)
      .getByRole('button', { name: /Gadget Store/ })
      .click();
    await expect(
      page.getByRole('dialog', { name: 'Order details' }).getByRole('button', { name: 'View the dispute' }),
    ).toBeVisible();
  });

  test('ar-AE: the form, the dispute page and the list right to left, amounts left to right', async ({
    page,
    request,
  }) => {
    const session = await cardholder(request);
    await call(request, 'POST', 'dev/cards/purchase', null, {
      cardId: session.cardId,
      amount: '15',
      merchant: 'Dubai Mall',
      then: 'clear',
    });
    await signIn(page, session, 'ar-AE');
    await page.goto(`/pages/card/order-list?cardId=${session.cardId}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await main(page)
      .getByRole('button', { name: /Dubai Mall/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('form', { name: 'الاعتراض على هذه العملية' })).toBeVisible();
    // A fraud dispute offers to freeze the card in the same step.
    await dialog.getByText('لا أتعرّف عليها (احتيال)', { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'تجميد هذه البطاقة الآن' })).toBeChecked();
    // Evidence through the existing upload.
    await dialog.getByLabel('صور أو لقطات شاشة (اختياري، حتى 5)').setInputFiles(receipt());
    await expect(dialog.getByRole('list', { name: 'الصور المرفقة' })).toContainText('receipt.png');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'تقديم الاعتراض' }).click();
    await expect(page).toHaveURL(/\/pages\/card\/dispute\?id=/);
    await expect(main(page).getByRole('heading', { name: 'اعتراض: Dubai Mall' })).toBeVisible();
    await expect(main(page).locator('.dispute-facts dd.cw-ltr').first()).toHaveCSS('direction', 'ltr');
    // Frozen with the dispute; a replacement card is offered.
    await expect(main(page).getByText('هذه البطاقة مجمّدة: لا يمكن لأحد الدفع بها.')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'طلب بطاقة بديلة' })).toBeVisible();
    await expect(main(page).getByText('الصور المرفقة: 1')).toBeVisible();
    await expectAccessible(page);
    const disputeUrl = page.url();

    // The replacement in the same flow: a confirmation sheet (axe), then the new card.
    await main(page).getByRole('button', { name: 'طلب بطاقة بديلة' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toContainText('استبدال هذه البطاقة؟');
    await expect(sheet).toContainText('مجانًا');
    await expectAccessible(page);
    await sheet.getByRole('button', { name: 'استبدال البطاقة' }).click();
    // The dispute now follows the new card: the page says so and leads to the cards.
    const notice = main(page).locator('.dispute-replaced');
    await expect(notice).toContainText(/بطاقتك الجديدة/);
    await expect(notice.getByRole('button', { name: 'الانتقال إلى بطاقاتي' })).toBeVisible();
    await expectAccessible(page);
    const cards = await call<{ cards: Array<{ id: string; status: string; balance: string }> }>(
      request,
      'GET',
      'card/list',
      session.token,
    );
    expect(cards.cards.find((c) => c.id === session.cardId)?.status).toBe('closed');
    const fresh = cards.cards.find((c) => c.id !== session.cardId)!;
    expect(fresh.status).toBe('active');
    // The dispute follows the new card, and its page says so.
    await page.goto(disputeUrl);
    await expect(main(page).getByText(/يستمر الاعتراض على بطاقتك الجديدة/)).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/pages/card/disputes?cardId=${fresh.id}`);
    await expect(main(page).getByRole('button', { name: /Dubai Mall/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('lost after the credit was spent: the dispute page says what is still owed (en-US, axe)', async ({
    page,
    request,
  }) => {
    const session = await cardholder(request);
    await call(request, 'POST', 'dev/cards/purchase', null, {
      cardId: session.cardId,
      amount: '40',
      merchant: 'Spent Credit Store',
      then: 'clear',
    });
    const orders = await call<{ data: Array<{ id: string; merchant: { name: string } | string }> }>(
      request,
      'GET',
      'card/orders',
      session.token,
      { cardId: session.cardId },
    );
    const order = orders.data[0]!;
    const dispute = await call<{ id: string }>(
      request,
      'POST',
      'card/dispute/create',
      session.token,
      { orderId: order.id, reason: 'duplicate' },
      { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    );
    await call(request, 'POST', 'dev/cards/disputes/advance', null, { disputeId: dispute.id });
    await call(request, 'POST', 'dev/cards/disputes/advance', null, { disputeId: dispute.id });
    // The customer spends the provisional credit, all but 5 USD.
    const card = await call<{ balance: string }>(request, 'GET', 'card/detail', session.token, {
      cardId: session.cardId,
    });
    await call(request, 'POST', 'dev/cards/purchase', null, {
      cardId: session.cardId,
      amount: (Number(card.balance) - 5).toFixed(2),
      merchant: 'Elsewhere',
      then: 'clear',
    });
    await call(request, 'POST', 'dev/cards/disputes/outcome', null, { outcome: 'lost' });
    await call(request, 'POST', 'dev/cards/disputes/advance', null, { disputeId: dispute.id });
    await call(request, 'POST', 'dev/cards/disputes/outcome', null, { outcome: 'won' });

    await signIn(page, session);
    await page.goto(`/pages/card/dispute?id=${dispute.id}`);
    await expect(main(page).locator('.dispute-summary').getByRole('status')).toHaveText('Not upheld');
    const owed = main(page).locator('.dispute-facts dt', { hasText: 'Still owed' }).locator('+ dd');
    await expect(owed).toContainText('$35.00');
    await expect(owed).toContainText('It is taken from your next top-ups of this card.');
    await expectAccessible(page);
  });
});
