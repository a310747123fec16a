import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signInAs } from '../support/customer';
import { navTitle, waitForShell } from '../support/app';
import { adminToken as signInAdmin } from '../support/admin';
import {
  input,
  loginThroughApi,
  outboxCount,
  readCode,
  registerThroughApi,
  strongPassword,
  uniqueEmail,
  useLanguage,
} from './passport-helpers';

/**
 * Member centre (issue 12) in Chromium against the real API: transaction password, bindings with
 * codes from the sandbox outbox, change phone with re-authentication, coupons, ar-AE, axe-core.
 */

/** A fresh customer, signed in in the browser with a real session. */
async function signedInCustomer(page: Page, request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const password = strongPassword(tag);
  await registerThroughApi(request, email, password);
  const session = await loginThroughApi(request, email, password);
  await signInAs(page, session);
  return { email, password, ...session };
}

/** axe measures what is on screen: let a fading toast ("Code sent") leave first, or its half-transparent text is measured. */
async function settledToasts(page: Page) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForShell(page);
}

/** Six digits on the on-screen number keyboard of the transaction-password page. */
async function typeOnKeypad(page: Page, step: string, digits: string) {
  const cells = page.getByRole('button', { name: step, exact: true });
  await expect(cells).toBeVisible();
  const keypad = page.locator('.adm-number-keyboard-popup .adm-popup-body');
  // Each step focuses its cells, which brings the keypad up by itself.
  if (!(await keypad.isVisible())) await cells.focus();
  await expect(keypad).toBeVisible();
  for (const d of digits) await keypad.getByRole('button', { name: d, exact: true }).click();
}

/** A mobile number nobody else in this run has. */
const uniqueMobile = () => `+90532${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 13);

test('signed out: the member tab offers log in / register, accessible', async ({ page }) => {
  await open(page, '/pages/user/index');
  await expect(page.getByRole('heading', { name: 'Not logged in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in / Register' })).toBeVisible();
  await expectAccessible(page);
});

test('member index and settings: signed-in profile, every entry, accessible', async ({ page, request }) => {
  const me = await signedInCustomer(page, request, 'index');
  await open(page, '/pages/user/index');
  await expect(page.getByRole('heading', { name: /\*\*\*@cardwallet\.test/ })).toBeVisible();
  await expect(page.getByText(me.userId, { exact: true })).toBeVisible();
  await expect(page.getByText('Not verified')).toBeVisible();
  await expectAccessible(page);
  await page.getByText('Settings', { exact: true }).click();
  await expect(navTitle(page, 'Settings')).toBeVisible();
  await expect(page.getByText('1138')).toBeVisible();
  await expectAccessible(page);
  await page.getByText('Language', { exact: true }).click();
  await expect(navTitle(page, 'Language')).toBeVisible();
  await expectAccessible(page);
  await open(page, '/pages/user/change-password');
  await expect(input(page, 'Current password')).toBeVisible();
  await expectAccessible(page);
  await open(page, '/pages/user/bind-email');
  await expect(page.getByText('First, confirm it is you')).toBeVisible();
  await expectAccessible(page);
});

test('sets the transaction password, then changes it', async ({ page, request }) => {
  const me = await signedInCustomer(page, request, 'paypass');
  await open(page, '/pages/user/settings');
  await expect(page.getByText('Not set')).toBeVisible();
  await page.getByText('Transaction password', { exact: true }).click();
  // A fresh proof first (issue 22): a wrong login password is shown next to the field.
  await expect(page.getByRole('heading', { name: 'First, confirm it is you' })).toBeVisible();
  await input(page, 'Login password').fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Wrong account or password.')).toBeVisible();
  await expectAccessible(page);
  await input(page, 'Login password').fill(me.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Enter a new 6-digit transaction password' })).toBeVisible();
  await expectAccessible(page);
  await typeOnKeypad(page, 'Enter a new 6-digit transaction password', '246810');
  await typeOnKeypad(page, 'Enter the new transaction password again', '246810');
  await expect(navTitle(page, 'Settings')).toBeVisible();
  await expect(page.getByText('Set', { exact: true })).toBeVisible();

  await page.getByText('Transaction password', { exact: true }).click();
  await input(page, 'Login password').fill(me.password);
  await page.getByRole('button', { name: 'Next' }).click();
  // A wrong old password: told how many tries are left, asked again.
  await typeOnKeypad(page, 'Enter your current transaction password', '999999');
  await typeOnKeypad(page, 'Enter a new 6-digit transaction password', '135791');
  await typeOnKeypad(page, 'Enter the new transaction password again', '135791');
  await expect(page.getByRole('alert')).toHaveText('Wrong transaction password. 4 attempts left.');
  await expectAccessible(page);
  // A physical keyboard works as well.
  await page.getByRole('button', { name: 'Enter your current transaction password' }).click();
  await page.keyboard.type('246810');
  await page.keyboard.type('135791');
  await page.keyboard.type('135791');
  await expect(navTitle(page, 'Settings')).toBeVisible();
});

test('binds a phone with the outbox code, then changes it after proving the old number', async ({ page, request }) => {
  const me = await signedInCustomer(page, request, 'phone');
  const first = uniqueMobile();
  await open(page, '/pages/user/bind-phone');
  // A first number is proved on the e-mail bound before (issue 22).
  await expect(page.getByRole('heading', { name: 'First, confirm it is you' })).toBeVisible();
  const seenEmail = await outboxCount(request, me.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await input(page, 'Verification code').fill(await readCode(request, me.email, seenEmail));
  await page.getByRole('button', { name: 'Next' }).click();
  await input(page, 'Mobile number').fill(first);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await input(page, 'Verification code').fill(await readCode(request, first));
  await settledToasts(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Bind phone' }).click();
  await expect(navTitle(page, 'Settings')).toBeVisible();
  await expect(page.getByText('Change phone')).toBeVisible();

  await page.getByText('Change phone').click();
  await expect(navTitle(page, 'Change phone')).toBeVisible();
  const seenOld = await outboxCount(request, first);
  await page.getByRole('button', { name: 'Send code' }).click();
  await input(page, 'Verification code').fill(await readCode(request, first, seenOld));
  await settledToasts(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  const second = `+90533${first.slice(6)}`;
  await expect(page.getByRole('heading', { name: 'Enter your new mobile number' })).toBeVisible();
  await input(page, 'Mobile number').fill(second);
  await page.getByRole('button', { name: 'Send code' }).click();
  await input(page, 'Verification code').fill(await readCode(request, second));
  await page.getByRole('button', { name: 'Bind phone' }).click();
  await expect(navTitle(page, 'Settings')).toBeVisible();
  // The old number was told.
  const notice = await request.get('/api/dev/outbox', { params: { to: first, limit: '1' } });
  expect(((await notice.json()) as { data: { messages: { subject: string }[] } }).data.messages[0]?.subject).toBe(
    'Your CardWallet account details were changed',
  );
});

test('binds a coupon and finds it under "available"', async ({ page, request }) => {
  const adminToken = await signInAdmin(request);
  const issued = await request.post('/api/admin/coupons/issue', {
    headers: { 'Access-Token': adminToken },
    data: {
      name: 'e2e',
      scope: 'card_application_fee',
      discountType: 'fixed',
      discountValue: '10',
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      quantity: 1,
    },
  });
  const code = ((await issued.json()) as { data: { codes: string[] } }).data.codes[0]!;
  await signedInCustomer(page, request, 'coupon');
  await open(page, '/pages/user/coupon-list');
  await expect(page.getByText('No coupons to use yet.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(navTitle(page, 'Bind a coupon')).toBeVisible();
  await page.getByRole('button', { name: 'Bind coupon' }).click();
  await expect(page.getByRole('alert')).toHaveText('Required');
  await input(page, 'Coupon code').fill('NOSUCHCOUPON');
  await page.getByRole('button', { name: 'Bind coupon' }).click();
  await expect(page.getByText('This coupon code does not exist. Please check it and try again.')).toBeVisible();
  await expectAccessible(page);
  await input(page, 'Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Bind coupon' }).click();
  await expect(page.getByRole('tab', { name: 'Available (1)' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Card application fee $10.00' });
  await expect(card).toContainText(code);
  await settledToasts(page);
  await expectAccessible(page);
});

test('ar-AE: the member centre right to left, accessible', async ({ page, request }) => {
  await useLanguage(page, 'ar-AE');
  const me = await signedInCustomer(page, request, 'rtl');
  await open(page, '/pages/user/index');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('غير موثَّق')).toBeVisible();
  await expectAccessible(page);
  await open(page, '/pages/user/settings');
  await expect(page.getByText('كلمة مرور المعاملات')).toBeVisible();
  await expectAccessible(page);
  await open(page, '/pages/user/coupon-list');
  await expect(page.getByRole('tab', { name: 'متاحة (0)' })).toBeVisible();
  await expectAccessible(page);
  await open(page, '/pages/user/paypass');
  await expect(page.getByRole('heading', { name: 'أولًا، أكّد هويتك' })).toBeVisible();
  await expectAccessible(page);
  await input(page, 'كلمة مرور الدخول').fill(me.password);
  await page.getByRole('button', { name: 'التالي' }).click();
  await typeOnKeypad(page, 'أدخل كلمة مرور معاملات جديدة من 6 أرقام', '112233');
  await typeOnKeypad(page, 'أدخل كلمة مرور المعاملات الجديدة مرة أخرى', '112233');
  await expect(page.getByText('معيّنة', { exact: true })).toBeVisible();
});
