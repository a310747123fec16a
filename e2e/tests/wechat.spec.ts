import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signInAs } from '../support/customer';
import { call, cardholder, main } from './cards-helpers';
import { readCode, useLanguage } from './passport-helpers';

/** Issue 27: WeChat sign-in through the sandbox's authorisation page, and WeChat Pay through its cashier. */

type Catalogue = Record<string, unknown>;
const catalogue = (app: string, locale: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../${app}/src/i18n/${locale}.json`), 'utf8')) as Catalogue;
const text = (c: Catalogue, key: string) =>
  key.split('.').reduce<unknown>((n, p) => (n as Catalogue | undefined)?.[p], c) as string;

async function authorise(page: Page, name: string, allow: string) {
  await expect(page).toHaveURL(/\/api\/dev\/wechat\/open\/connect\/qrconnect/);
  await page.getByLabel(/Sandbox WeChat user|مستخدم WeChat التجريبي/).fill(name);
  await page.getByRole('button', { name: allow, exact: true }).click();
}

test.describe('WeChat sign-in (ar-AE)', () => {
  test.use({ locale: 'ar-AE' });

  test('Sign in with WeChat → authorisation page → bind a new mobile by SMS code → signed in; next time straight in', async ({
    page,
    request,
  }) => {
    const p = catalogue('mf-passport', 'ar-AE');
    await useLanguage(page, 'ar-AE');
    const name = `wx-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
    const national = `50${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const mobile = `+971${national}`;

    await page.goto('/pages/passport/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: text(p, 'wechat.signIn') }).click();
    // The sandbox's stand-in for WeChat's authorisation page, in the customer's language.
    await expect(page.getByRole('heading', { name: 'تفويض WeChat (بيئة تجريبية)' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page);
    await authorise(page, name, 'السماح');

    await expect(page).toHaveURL(/\/pages\/passport\/wechat$/);
    const form = page.getByRole('form', { name: text(p, 'wechat.bindFormLabel') });
    await expect(form).toBeVisible();
    await expectAccessible(page);
    await form.getByLabel(text(p, 'fields.mobile'), { exact: true }).fill(national);
    await form.getByRole('button', { name: text(p, 'sendCode.send') }).click();
    const code = await readCode(request, mobile);
    await form.getByLabel(text(p, 'fields.code'), { exact: true }).fill(code);
    // A new mobile needs the agreement: refused next to the checkbox first.
    await form.getByRole('button', { name: text(p, 'wechat.bindSubmit') }).click();
    await expect(form.getByText(text(catalogue('shared', 'ar-AE'), 'errors.wechat_agreement_required'))).toBeVisible();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: text(p, 'wechat.bindSubmit') }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index/);

    const bound = await page.request.get('/api/user/wechat', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const body = (await bound.json()) as { code: number; data: { bound: boolean; nickname: string } };
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ bound: true, nickname: name });

    // Signed out, the same WeChat signs straight in (no mobile step).
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.removeItem('userId'));
    await page.goto('/pages/passport/login');
    await page.getByRole('button', { name: text(p, 'wechat.signIn') }).click();
    await authorise(page, name, 'السماح');
    await expect(page).toHaveURL(/\/pages\/index\/index/);
    expect(await page.evaluate(() => window.localStorage.getItem('userId'))).toBeTruthy();
  });
});

test.describe('WeChat Pay', () => {
  test('pay the application fee with WeChat Pay through the sandbox cashier → card issued, wallet untouched', async ({
    page,
    request,
  }) => {
    const c = await cardholder(request, { load: '0', funds: '60' });
    await signInAs(page, c);
    await page.goto('/pages/card/apply');
    await page.getByLabel('Card PIN (6 digits)', { exact: true }).fill('482915');
    await page.getByLabel('Repeat the card PIN', { exact: true }).fill('482915');
    const pay = page.getByRole('button', { name: /^Pay ¥\d+\.\d{2} with WeChat Pay$/ });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByRole('heading', { name: 'WeChat Pay cashier (sandbox)' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/card\/wechat-pay\?orderId=/);
    await expect(main(page).getByText('Your card is ready')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go to my card' }).click();
    await expect(page.getByRole('heading', { name: 'Your card is open' })).toBeVisible();
    // The fee was paid in CNY: the card-funding balance is what the customer moved there.
    const e = await call<{ cardFunding: string }>(request, 'GET', 'card/eligibility', c.token);
    expect(e.cardFunding).toBe('60.00');
  });

  test('ar-AE: the cashier and the waiting page read right to left and pass axe', async ({ browser, request }) => {
    const c = await cardholder(request, { load: '0', funds: '60' });
    const context = await browser.newContext({ locale: 'ar-AE' });
    const page = await context.newPage();
    await signInAs(page, c, 'ar-AE');
    const r = await call<{ cashierUrl: string; order: { orderId: string } }>(
      request,
      'POST',
      'card/wechatPay/prepay',
      c.token,
      { productId: 'virtual-visa-standard', pin: '482915', pinConfirm: '482915' },
      { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    );
    await page.goto(`/pages/card/wechat-pay?orderId=${r.order.orderId}`);
    const card = catalogue('mf-card', 'ar-AE');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(main(page).getByText(text(card, 'wechatPay.waiting'))).toBeVisible();
    await expectAccessible(page);
    await page.goto(r.cashierUrl);
    await expect(page.getByRole('heading', { name: 'صفحة الدفع WeChat Pay (بيئة تجريبية)' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'ادفع', exact: true }).click();
    await expect(main(page).getByText(text(card, 'wechatPay.completed'))).toBeVisible();
    await context.close();
  });
});
