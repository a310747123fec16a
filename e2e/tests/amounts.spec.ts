import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { signInAs } from '../support/customer';
import { toUnits } from '../support/money';
import { call, issueActiveCard } from './cards-helpers';
import { loginThroughApi, registerThroughApi, strongPassword, uniqueEmail } from './passport-helpers';
import { PAY_PASSWORD, setPayPassword, typeOnKeypad } from './wallet-helpers';

/**
 * Issue 40: the amount a customer types is the amount sent. In each of the four locales the same
 * figure — one thousand and a half, typed the locale's way (`1.000,5` in tr-TR) — goes through the
 * wallet's transfer, withdraw and exchange pages and the card's top-up and withdrawal pages, and each
 * request body carries exactly `1000.5`; the other convention's separators are refused at the field
 * before anything is sent. Then "All" on an 18-decimal ETH balance leaves exactly zero after the fee.
 * Set-up goes through the API; the UI is driven by touch (`tap`), as on a phone.
 */

type Locale = 'en-US' | 'zh-HK' | 'ar-AE' | 'tr-TR';

/** A text of an app's catalogue, as the customer reads it (`{{x}}` filled from `values`). */
function text(
  app: 'mf-wallet' | 'mf-card' | 'shared',
  locale: Locale,
  key: string,
  values: Record<string, string> = {},
) {
  const file = join(import.meta.dirname, '../..', app, 'src/i18n', `${locale}.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  if (typeof found !== 'string') throw new Error(`no ${key} in ${app} ${locale}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** How each locale writes 1000.5 (ar-AE once in its own digits), the figure shown back, and an ambiguous input. */
const CASES: Record<Locale, { typed: string[]; shown: string; ambiguous: string; separators: [string, string] }> = {
  'en-US': { typed: ['1,000.5'], shown: '1,000.50', ambiguous: '1.000,5', separators: ['.', ','] },
  'zh-HK': { typed: ['1000.50'], shown: '1,000.50', ambiguous: '1,5', separators: ['.', ','] },
  'ar-AE': { typed: ['1,000.5', '١٬٠٠٠٫٥'], shown: '1,000.50', ambiguous: '1.000,5', separators: ['.', ','] },
  'tr-TR': { typed: ['1.000,5'], shown: '1.000,50', ambiguous: '12.5', separators: [',', '.'] },
};
const SENT = '1000.5';
const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * A customer with money everywhere the five pages take it from: KYC 1, 7000 USDT deposited, 3200
 * moved to card funding, an active virtual card holding 2000 USD (1190 USD left in card funding),
 * and a transaction password.
 */
async function customer(request: APIRequestContext) {
  const email = uniqueEmail('amounts');
  const password = strongPassword('amounts');
  await registerThroughApi(request, email, password);
  const { token, userId } = await loginThroughApi(request, email, password);
  await call(request, 'POST', 'dev/users/kyc', null, { userId, level: 1, birthDate: '1990-05-14' });
  const { address } = await call<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', token, {
    currency: 'USDT',
    network: 'TRC20',
  });
  await call(request, 'POST', 'dev/chain/deposit', null, {
    address,
    currency: 'USDT',
    network: 'TRC20',
    amount: '7000',
  });
  await call(request, 'POST', 'dev/chain/mine', null, { network: 'TRC20', blocks: 19 });
  const idempotent = { 'Idempotency-Key': randomUUID() };
  await call(request, 'POST', 'wallet/transfer', token, { currency: 'USDT', amount: '3200' }, idempotent);
  const cardId = await issueActiveCard(request, token, '2000');
  const user = { token, userId, password, email };
  await setPayPassword(request, user);
  return { ...user, cardId };
}

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The body of the next POST to /api/<path>, once `act` has run. */
async function bodyOf(page: Page, path: string, act: () => Promise<void>): Promise<{ amount: string }> {
  const sent = page.waitForRequest(
    (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/${path}`,
  );
  await act();
  return (await sent).postDataJSON() as { amount: string };
}

/**
 * The other convention's figure is refused at the field with the locale's separators named (and
 * nothing is sent), then each way of typing 1000.5 is read back, under the field, as `shown`.
 */
async function typeAmount(page: Page, field: Locator, locale: Locale, unit: string) {
  const c = CASES[locale];
  await field.fill(c.ambiguous);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The reason, then any hint of the page ("Available …"): the description starts with the reason.
  const reason = text('shared', locale, 'amount.separators', { decimal: c.separators[0], group: c.separators[1] });
  await expect(field).toHaveAccessibleDescription(new RegExp(escape(reason)));
  for (const typed of c.typed) {
    await field.fill(typed);
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await expect(field).toHaveAccessibleDescription(new RegExp(`${escape(c.shown)} ${unit}`));
  }
}

for (const locale of Object.keys(CASES) as Locale[]) {
  test(`${locale}: the amount typed is the amount sent on transfer, withdraw, exchange, card top-up and card withdrawal`, async ({
    page,
    request,
  }) => {
    // Five pages and five money moves in one journey (about 20 s on an idle machine).
    test.setTimeout(120_000);
    const user = await customer(request);
    await signInAs(page, user, locale);
    const w = (key: string, values?: Record<string, string>) => text('mf-wallet', locale, key, values);
    const c = (key: string, values?: Record<string, string>) => text('mf-card', locale, key, values);

    await test.step('wallet → card transfer', async () => {
      await page.goto('/pages/wallet/transfer');
      const field = page.getByLabel(w('transfer.amount'), { exact: true });
      await typeAmount(page, field, locale, 'USD');
      const body = await bodyOf(page, 'wallet/transfer', () =>
        page.getByRole('button', { name: w('transfer.submit') }).tap(),
      );
      expect(body.amount).toBe(SENT);
    });

    await test.step('crypto withdrawal', async () => {
      await page.goto('/pages/wallet/withdraw?currency=USDT&network=TRC20');
      await page.getByLabel(w('withdraw.address'), { exact: true }).fill(DEST_TRON);
      const field = page.getByLabel(w('withdraw.amount', { currency: 'USDT' }), { exact: true });
      await typeAmount(page, field, locale, 'USDT');
      await page.getByRole('button', { name: w('withdraw.submit'), exact: true }).tap();
      const sheet = page.getByRole('dialog', { name: w('withdraw.paypassTitle') });
      await sheet.getByRole('button', { name: w('withdraw.paypassLabel') }).tap();
      const body = await bodyOf(page, 'wallet/withdraw', () => typeOnKeypad(page, PAY_PASSWORD));
      expect(body.amount).toBe(SENT);
    });

    await test.step('exchange quote', async () => {
      await page.goto('/pages/wallet/currency_exchange');
      const field = page.getByLabel(w('exchange.amount', { currency: 'USDT' }), { exact: true });
      await typeAmount(page, field, locale, 'USDT');
      const body = await bodyOf(page, 'wallet/exchangeQuote', () =>
        page.getByRole('button', { name: w('exchange.getQuote') }).tap(),
      );
      expect(body.amount).toBe(SENT);
    });

    await test.step('card top-up: the fee and what arrives named before confirming', async () => {
      await page.goto(`/pages/card/recharge?cardId=${user.cardId}`);
      const field = page.getByLabel(c('amount.label'), { exact: true });
      await typeAmount(page, field, locale, 'USD');
      const arrives = page.locator('.adm-list-item').filter({ hasText: c('amount.arrives') });
      await expect(arrives).toContainText(CASES[locale].shown);
      const body = await bodyOf(page, 'card/topUp', () =>
        page.getByRole('button', { name: c('recharge.submit'), exact: true }).tap(),
      );
      expect(body.amount).toBe(SENT);
    });

    await test.step('card withdrawal: above the maximum refused at once, nothing shown as arriving', async () => {
      await page.goto(`/pages/card/withdraw?cardId=${user.cardId}`);
      const field = page.getByLabel(c('amount.label'), { exact: true });
      const arrives = page.locator('.adm-list-item').filter({ hasText: c('withdraw.received') });
      await field.fill('20000');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(arrives).toContainText('—');
      await typeAmount(page, field, locale, 'USD');
      await expect(arrives).toContainText(CASES[locale].shown);
      await page.getByLabel(c('withdraw.payPassword'), { exact: true }).fill(PAY_PASSWORD);
      const body = await bodyOf(page, 'card/withdraw', () =>
        page.getByRole('button', { name: c('withdraw.submit'), exact: true }).tap(),
      );
      expect(body.amount).toBe(SENT);
    });
  });
}

test('"All" on an 18-decimal ETH balance sends balance − fee exactly and leaves zero', async ({ page, request }) => {
  const held = '1.123456789012345678';
  const email = uniqueEmail('eth-all');
  const password = strongPassword('eth-all');
  await registerThroughApi(request, email, password);
  const user = { email, password, ...(await loginThroughApi(request, email, password)) };
  const { address } = await call<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', user.token, {
    currency: 'ETH',
    network: 'ERC20',
  });
  await call(request, 'POST', 'dev/chain/deposit', null, { address, currency: 'ETH', network: 'ERC20', amount: held });
  const ethAvailable = async () =>
    (
      await call<{ balances: Array<{ currency: string; available: string }> }>(
        request,
        'GET',
        'wallet/balances',
        user.token,
      )
    ).balances.find((b) => b.currency === 'ETH')?.available;
  await expect
    .poll(async () => {
      await call(request, 'POST', 'dev/chain/mine', null, { network: 'ERC20', blocks: 12 });
      return ethAvailable();
    })
    .toBe(held);
  await setPayPassword(request, user);
  await signInAs(page, user, 'en-US');

  await page.goto('/pages/wallet/withdraw?currency=ETH&network=ERC20');
  await page.getByLabel('Withdrawal address', { exact: true }).fill(`0x${randomBytes(20).toString('hex')}`);
  await page.getByRole('button', { name: 'All', exact: true }).tap();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).tap();
  await page
    .getByRole('dialog', { name: 'Enter your transaction password' })
    .getByRole('button', { name: '6-digit transaction password' })
    .tap();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wallet/withdraw');
  const body = await bodyOf(page, 'wallet/withdraw', () => typeOnKeypad(page, PAY_PASSWORD));
  const record = ((await (await answer).json()) as { data: { amount: string; fee: string; total: string } }).data;
  // Every one of the 18 decimals is sent: nothing is left behind that no withdrawal could take.
  expect(toUnits(record.amount)).toBe(toUnits(body.amount));
  expect(toUnits(body.amount) + toUnits(record.fee)).toBe(toUnits(held));
  expect(body.amount.split('.')[1]).toHaveLength(18);
  await expect.poll(ethAvailable).toBe('0');
});
