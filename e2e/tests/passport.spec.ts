import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pullDownToRefresh, tab, waitForShell } from '../support/app';
import {
  commonText,
  input,
  isLoginCode,
  loginThroughApi,
  outboxCount,
  readCode,
  registerThroughApi,
  storedSession,
  strongPassword,
  uniqueEmail,
  useLanguage,
} from './passport-helpers';

/** Texts of one locale as the user reads them (the passport app's own catalogue). */
const EN = {
  email: 'E-mail address',
  code: 'Verification code',
  password: 'Password',
  newPassword: 'New password',
  confirm: 'Confirm password',
  invitationCode: 'Invitation code (optional)',
  sendCode: 'Send code',
  agreement: /I have read and agree to the User Agreement/,
  register: 'Register',
  login: 'Log in',
};
const AR = {
  email: 'عنوان البريد الإلكتروني',
  code: 'رمز التحقق',
  password: 'كلمة المرور',
  confirm: 'تأكيد كلمة المرور',
  sendCode: 'إرسال الرمز',
  agreement: /لقد قرأت وأوافق على اتفاقية المستخدم/,
  register: 'إنشاء حساب',
};

/** Fills and submits the register form; the code is read from the sandbox outbox. */
async function registerThroughUi(
  page: Page,
  request: APIRequestContext,
  { email, password, texts = EN }: { email: string; password: string; texts?: typeof EN | typeof AR },
) {
  await input(page, texts.email).fill(email);
  await page.getByRole('button', { name: texts.sendCode }).click();
  // The 60-second countdown starts: the button is disabled and shows the seconds left.
  await expect(page.getByRole('button', { name: /60|59|58/ })).toBeDisabled();
  const code = await readCode(request, email);
  await input(page, texts.code).fill(code);
  await input(page, texts.password).fill(password);
  await input(page, texts.confirm).fill(password);
  await page.getByRole('checkbox', { name: texts.agreement }).check();
  await page.getByRole('button', { name: texts.register, exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/passport\/register-success$/);
}

async function logInThroughUi(page: Page, email: string, password: string) {
  await input(page, EN.email).fill(email);
  await input(page, EN.password).fill(password);
  await page.getByRole('button', { name: EN.login, exact: true }).click();
}

test.describe('passport: sign-up, sign-in, reset, invitation', () => {
  test('register a new account, land on register-success, log in, stay logged in across a reload, log out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    const password = strongPassword('signup');
    await page.goto('/pages/passport/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

    // Validation shows as the user leaves a field, before any submit.
    await input(page, EN.password).fill('short');
    await input(page, EN.confirm).fill('different');
    await input(page, EN.confirm).blur();
    await expect(page.getByText('password length must be 8 to 20')).toBeVisible();
    await expect(page.getByText('passwords differ')).toBeVisible();
    await input(page, EN.password).fill('');
    await input(page, EN.confirm).fill('');

    await registerThroughUi(page, request, { email, password });
    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    // Registration answers a session: the new customer is already signed in.
    const registered = await storedSession(page);
    expect(await isLoginCode(request, registered.token!)).toBe(200);
    await page.getByRole('button', { name: 'Start using CardWallet' }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);

    await tab(page, 'user').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    // The member centre asks before logging out.
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    expect((await storedSession(page)).token).toBeNull();

    await page.goto('/pages/passport/login');
    await logInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    const session = await storedSession(page);
    expect(session.token).toBeTruthy();
    expect(session.userId).toBe(registered.userId);

    await page.reload();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    expect(await storedSession(page)).toEqual(session);
    await tab(page, 'user').click();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(await isLoginCode(request, session.token!)).toBe(200);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    expect((await storedSession(page)).token).toBeNull();
    // The server token is revoked too, not only forgotten by the browser.
    expect(await isLoginCode(request, session.token!)).toBe(401);
  });

  test('register with a mobile number: dial code picked from the list, code by SMS, E.164 on the wire', async ({
    page,
    request,
  }) => {
    // A Turkcell-range number (+90 532 …), unique per run.
    const national = `532${String(Date.now()).slice(-7)}`;
    const e164 = `+90${national}`;
    const password = strongPassword('mobile');
    await page.goto('/pages/passport/register');
    await page.getByRole('tab', { name: 'Mobile' }).click();
    await page.getByRole('button', { name: /^Country or region code/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose country or region' });
    await sheet.getByRole('searchbox', { name: 'Search country, region or code' }).fill('+90');
    await sheet.getByRole('button', { name: /\+90$/ }).click();
    await expect(page.getByRole('button', { name: /^Country or region code \+90/ })).toBeVisible();

    await input(page, 'Mobile number').fill(national.replace(/(\d{3})(\d{3})(\d{2})(\d{2})/, '$1 $2 $3 $4'));
    await page.getByRole('button', { name: EN.sendCode }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await input(page, EN.code).fill(await readCode(request, e164));
    await input(page, EN.password).fill(password);
    await input(page, EN.confirm).fill(password);
    await page.getByRole('checkbox', { name: EN.agreement }).check();
    await page.getByRole('button', { name: EN.register, exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/register-success$/);
    // The account is the E.164 number: logging in with it works.
    expect((await loginThroughApi(request, e164, password)).userId).toBe((await storedSession(page)).userId);
  });

  test('reset the password in three steps, then log in with the new one', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const oldPassword = strongPassword('old');
    const newPassword = strongPassword('new');
    await registerThroughApi(request, email, oldPassword);
    const before = await loginThroughApi(request, email, oldPassword);

    await page.goto('/pages/passport/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/reset-password$/);
    const progress = page.getByRole('navigation', { name: 'Password reset progress' });
    await expect(progress.locator('[aria-current="step"]')).toHaveText('Verification');

    const seen = await outboxCount(request, email);
    await input(page, EN.email).fill(email);
    await page.getByRole('button', { name: EN.sendCode }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await input(page, EN.code).fill(await readCode(request, email, seen));
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(progress.locator('[aria-current="step"]')).toHaveText('Reset');
    await input(page, EN.newPassword).fill(newPassword);
    await input(page, EN.confirm).fill(`${newPassword}x`);
    await input(page, EN.confirm).blur();
    await expect(page.getByText('passwords differ')).toBeVisible();
    await input(page, EN.confirm).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await expect(progress.locator('[aria-current="step"]')).toHaveText('Completion');
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    // Every session ended with the reset.
    expect(await isLoginCode(request, before.token)).toBe(401);

    await page.getByRole('button', { name: EN.login, exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
    await logInThroughUi(page, email, oldPassword);
    await expect(page.getByRole('alert')).toHaveText(commonText('en-US', 'errors.invalid_credentials'));
    await input(page, EN.password).fill(newPassword);
    await page.getByRole('button', { name: EN.login, exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
  });

  test('an invitation link shows the inviter and carries the code into register', async ({ page, request }) => {
    const inviterEmail = uniqueEmail('inviter');
    const password = strongPassword('inviter');
    await registerThroughApi(request, inviterEmail, password);
    const { userId } = await loginThroughApi(request, inviterEmail, password);

    // A user id reveals a display name only (no code, no contact): the id itself travels on.
    const inviter = await (await request.get('/api/user/inviter', { params: { refereeId: userId } })).json();
    expect(inviter.data).toEqual({ displayName: expect.stringMatching(/^.{1,2}\*\*\*$/) });

    await page.goto(`/pages/passport/invitation?refereeId=${encodeURIComponent(userId)}`);
    await expect(page.getByRole('heading', { name: /invited you$/ })).toBeVisible();
    // The inviter is shown masked, never in full.
    await expect(page.getByRole('heading', { name: /invited you$/ })).not.toContainText(inviterEmail);
    await page.getByRole('button', { name: 'Accept invitation and register' }).click();

    await expect(page).toHaveURL(new RegExp(`/pages/passport/register\\?refereeId=${userId}$`));
    await expect(input(page, EN.invitationCode)).toHaveValue(userId);
    await registerThroughUi(page, request, { email: uniqueEmail('invitee'), password: strongPassword('invitee') });
  });

  test('pull-to-refresh on the invitation page asks for the inviter again', async ({ page, request }) => {
    const email = uniqueEmail('pull');
    const password = strongPassword('pull');
    await registerThroughApi(request, email, password);
    const { userId } = await loginThroughApi(request, email, password);
    const inviterCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user/inviter') inviterCalls.push(r.url());
    });
    await page.goto(`/pages/passport/invitation?refereeId=${userId}`);
    const heading = page.getByRole('heading', { name: /invited you$/ });
    await expect(heading).toBeVisible();
    expect(inviterCalls).toHaveLength(1);

    await pullDownToRefresh(page, heading);
    await expect.poll(() => inviterCalls.length).toBe(2);
    await expect(heading).toBeVisible();
  });

  test('an unknown invitation says so and still lets the visitor register', async ({ page }) => {
    await page.goto('/pages/passport/invitation?refereeId=no-such-user');
    await expect(page.getByRole('alert')).toHaveText(commonText('en-US', 'errors.referee_not_found'));
    await page.getByRole('button', { name: 'Register without an invitation' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/register$/);
    await expect(input(page, EN.invitationCode)).toHaveValue('');
  });

  test('a wrong password shows the translated server error', async ({ page, request }) => {
    const email = uniqueEmail('wrongpw');
    await registerThroughApi(request, email, strongPassword('right'));
    await useLanguage(page, 'zh-HK');
    await page.goto('/pages/passport/login');
    await input(page, '電郵地址').fill(email);
    await input(page, '密碼').fill('Definitely-Wrong-1');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(commonText('zh-HK', 'errors.invalid_credentials'));
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
    expect((await storedSession(page)).token).toBeNull();
  });

  test('a logged-out user is sent to log in and comes back to the page that needed it', async ({ page, request }) => {
    const email = uniqueEmail('returnto');
    const password = strongPassword('returnto');
    await registerThroughApi(request, email, password);
    await page.goto('/pages/wallet/index');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
    await logInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/pages\/wallet\/index$/);
  });

  test('a session revoked on the server: the 401 asks to log in, and login returns to the page', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('expired');
    const password = strongPassword('expired');
    await registerThroughApi(request, email, password);
    await page.goto('/pages/passport/login');
    await logInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    await page.goto('/pages/wallet/index');
    // The HTML's skeleton has no "Log in" button either: wait for the shell itself to have started.
    await waitForShell(page);
    await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);

    // The session ends elsewhere (logout on another device); the page's next call answers 401.
    const { token } = await storedSession(page);
    const revoked = await request.post('/api/user/logout', { data: {}, headers: { 'Access-Token': token! } });
    expect((await revoked.json()).code).toBe(200);
    await page.evaluate(() => {
      const shell = (window as unknown as { __cardwallet: { host: { http: { get(url: string): Promise<unknown> } } } })
        .__cardwallet;
      void shell.host.http.get('user/info').catch(() => undefined);
    });

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You need to log in at this moment~');
    expect((await storedSession(page)).token).toBeNull();
    await dialog.getByRole('button', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
    await logInThroughUi(page, email, password);
    await expect(page).toHaveURL(/\/pages\/wallet\/index$/);
  });

  test('the whole register flow in Arabic, right to left', async ({ page, request }) => {
    await useLanguage(page, 'ar-AE');
    await page.goto('/pages/passport/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
    await expect(page.getByRole('heading', { level: 1, name: 'أنشئ حسابك' })).toBeVisible();

    await input(page, AR.password).fill('short');
    await input(page, AR.password).blur();
    await expect(page.getByText(commonText('ar-AE', 'validation.passwordLength'))).toBeVisible();
    await input(page, AR.password).fill('');

    // The form reads right to left: the send-code button sits on the left of the code row.
    const codeBox = await input(page, AR.code).boundingBox();
    const sendBox = await page.getByRole('button', { name: AR.sendCode }).boundingBox();
    expect(sendBox!.x).toBeLessThan(codeBox!.x);

    await registerThroughUi(page, request, {
      email: uniqueEmail('arabic'),
      password: strongPassword('arabic'),
      texts: AR,
    });
    await expect(page.getByRole('heading', { name: 'حسابك جاهز' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
