import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, waitForShell } from '../support/app';
import { signInAs } from '../support/customer';
import { credentialsOn, virtualAuthenticator } from '../support/webauthn';
import {
  input,
  isLoginCode,
  loginThroughApi,
  registerThroughApi,
  storedSession,
  strongPassword,
  uniqueEmail,
  useLanguage,
} from './passport-helpers';

/**
 * Passkeys (issue 22) in Chromium with the DevTools virtual authenticator (CDP WebAuthn domain):
 * real WebAuthn ceremonies between the browser and the API, nothing mocked. Browsers refuse
 * WebAuthn on an IP-address origin, so this file talks to the server as http://localhost.
 */
const port = Number(process.env.E2E_PORT ?? 8090);
test.use({ baseURL: process.env.E2E_BASE_URL ?? `http://localhost:${port}` });

async function logInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/pages/passport/login');
  await waitForShell(page);
  await input(page, 'E-mail address').fill(email);
  await input(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test('offered after a password sign-in: create a passkey, sign out, sign in with it', async ({ page, request }) => {
  const email = uniqueEmail('passkey');
  const password = strongPassword('passkey');
  await registerThroughApi(request, email, password);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await logInWithPassword(page, email, password);
  // The account field lets the browser offer passkeys in its autofill list (conditional mediation).
  const offer = page.getByRole('region', { name: 'Sign in faster next time?' });
  await expect(offer).toBeVisible();
  await expectAccessible(page);
  await offer.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Passkey created' })).toBeVisible();
  const stored = await credentialsOn(cdp, authenticatorId);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
  const first = await storedSession(page);

  // Sign out (the session ends on the server too), then in again with the passkey alone: first
  // through the account field's autofill (conditional mediation), which the virtual authenticator
  // answers like a person picking the passkey from the suggestions.
  const signOut = async (token: string) => {
    expect((await request.post('/api/user/logout', { data: {}, headers: { 'Access-Token': token } })).ok()).toBe(true);
    await page.evaluate(() => localStorage.clear());
  };
  await signOut(first.token!);
  const autofillOptions = page.waitForRequest((r) => r.url().endsWith('/api/passkey/loginOptions'));
  await page.goto('/pages/passport/login');
  await autofillOptions;
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
  const second = await storedSession(page);
  expect(second.userId).toBe(first.userId);
  expect(second.token).not.toBe(first.token);
  expect(await isLoginCode(request, second.token!)).toBe(200);

  // Then with the button, in a browser without passkey autofill.
  await signOut(second.token!);
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.goto('/pages/passport/login');
  await waitForShell(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
  const third = await storedSession(page);
  expect(third.userId).toBe(first.userId);
  expect(await isLoginCode(request, third.token!)).toBe(200);
  expect(await isLoginCode(request, first.token!)).toBe(401);
  // The authenticator's signature counter moved forward with each sign-in.
  expect((await credentialsOn(cdp, authenticatorId))[0]!.signCount).toBeGreaterThan(stored[0]!.signCount + 1);

  // A password sign-in later does not offer again (the customer has a passkey now).
  await page.evaluate(() => localStorage.clear());
  await logInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
});

test('"Not now" skips the offer, and it does not come back on the next sign-in', async ({ page, request }) => {
  const email = uniqueEmail('pkskip');
  const password = strongPassword('pkskip');
  await registerThroughApi(request, email, password);
  await virtualAuthenticator(page);
  await logInWithPassword(page, email, password);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
  // Forget the session in this browser (cookie and the stored facts) without a server logout.
  await page.context().clearCookies({ name: 'cw_session' });
  await page.evaluate(() => {
    for (const key of ['userId', 'sessionExpiresAt']) localStorage.removeItem(key);
  });
  await logInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/pages\/index\/index$/);
});

test('settings → passkeys: empty state, add, rename, remove with confirmation; accessible; Arabic right to left', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('pkmanage');
  const password = strongPassword('pkmanage');
  await registerThroughApi(request, email, password);
  const session = await loginThroughApi(request, email, password);
  await signInAs(page, session);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto('/pages/user/settings');
  await waitForShell(page);
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(navTitle(page, 'Passkeys')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No passkeys yet' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(await credentialsOn(cdp, authenticatorId)).toHaveLength(1);
  const row = list.getByRole('listitem').first();
  await expect(row).toContainText('never used');
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Rename / }).click();
  await page.getByLabel('Passkey name').fill('Work phone');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('listitem', { name: 'Work phone' })).toBeVisible();

  // Arabic, right to left, same page.
  await page.evaluate(() => localStorage.setItem('language', 'ar-AE'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(navTitle(page, 'مفاتيح المرور')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'مفاتيح المرور الخاصة بك' }).getByRole('listitem', { name: 'Work phone' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();

  await page.getByRole('button', { name: 'Remove Work phone' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Work phone');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: 'No passkeys yet' })).toBeVisible();
  const listed = await request.get('/api/passkey/list', { headers: { 'Access-Token': session.token } });
  expect((await listed.json()).data.items).toEqual([]);
  // The customer was told on their e-mail, for the add and the removal.
  const outbox = await request.get('/api/dev/outbox', { params: { to: email } });
  const subjects = ((await outbox.json()).data.messages as { subject: string }[]).map((m) => m.subject);
  expect(subjects).toEqual(
    expect.arrayContaining(['A passkey was added to your account', 'A passkey was removed from your account']),
  );
});

test.describe('in Arabic', () => {
  test('the login page offers passkey sign-in, right to left and accessible', async ({ page }) => {
    await useLanguage(page, 'ar-AE');
    await virtualAuthenticator(page);
    await page.goto('/pages/passport/login');
    await waitForShell(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'تسجيل الدخول بمفتاح مرور' })).toBeVisible();
    // The account field offers passkeys in the browser's autofill list.
    await expect(input(page, 'عنوان البريد الإلكتروني')).toHaveAttribute('autocomplete', 'username webauthn');
    await expectAccessible(page);
  });
});
