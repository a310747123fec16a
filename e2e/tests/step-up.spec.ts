import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { waitForShell } from '../support/app';
import { api, registerCustomer, signInAs } from '../support/customer';
import { outboxCount, readCode } from './passport-helpers';

/**
 * Issue 22 in Chromium against the real API: a thief holding only the session token (what a script
 * reading localStorage gets) cannot bind a first channel it controls, and so cannot reset the
 * transaction password with it; the pages ask for a proof the thief does not have.
 */
test('a stolen session cannot bind a first channel and reset the transaction password', async ({ page, request }) => {
  const owner = await registerCustomer(request, 'stolen');
  const thief = { token: owner.token };
  const thiefMobile = `+90532${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 13);
  const seenOwner = await outboxCount(request, owner.email);

  // The attack through the API: a bind code reaches the thief's number, but the binding needs a proof.
  expect(
    (
      await api(request, 'POST', 'user/sendCode', {
        token: thief.token,
        body: { account: thiefMobile, purpose: 'bind' },
      })
    ).code,
  ).toBe(200);
  const bindCode = await readCode(request, thiefMobile);
  expect(
    (
      await api(request, 'POST', 'user/sumbitBind', {
        token: thief.token,
        body: { type: 'mobile', account: thiefMobile, code: bindCode },
      })
    ).key,
  ).toBe('reauth_required');
  expect(
    (
      await api(request, 'POST', 'user/verifyIdentity', {
        token: thief.token,
        body: { method: 'code', channel: 'mobile', code: bindCode },
      })
    ).key,
  ).toBe('code_invalid');
  expect(
    (
      await api(request, 'POST', 'user/verifyIdentity', {
        token: thief.token,
        body: { method: 'password', channel: 'mobile', password: 'Guess-1234' },
      })
    ).key,
  ).toBe('invalid_credentials');
  expect(
    (
      await api(request, 'POST', 'user/sendCode', {
        token: thief.token,
        body: { account: thiefMobile, purpose: 'rebind' },
      })
    ).key,
  ).toBe('forbidden');
  // No channel of the thief's: no code for the transaction password, no grant, no set.
  expect(
    (
      await api(request, 'POST', 'user/sendCode', {
        token: thief.token,
        body: { account: thiefMobile, purpose: 'paypass' },
      })
    ).key,
  ).toBe('forbidden');
  expect(
    (
      await api(request, 'POST', 'user/resetPayPassword', {
        token: thief.token,
        body: { code: bindCode, account: thiefMobile, password: '135790', confirmPassword: '135790' },
      })
    ).key,
  ).toBe('code_invalid');
  expect(
    (
      await api(request, 'POST', 'user/setPayPassword', {
        token: thief.token,
        body: { password: '135790', confirmPassword: '135790' },
      })
    ).key,
  ).toBe('step_up_required');
  expect(
    (
      await api(request, 'POST', 'user/stepUp', {
        token: thief.token,
        body: { purpose: 'paypass', proof: { kind: 'code', account: thiefMobile, code: bindCode } },
      })
    ).key,
  ).toBe('code_invalid');
  const info = await api<{ mobile: string | null; hasPayPassword: boolean }>(request, 'GET', 'user/info', {
    token: thief.token,
  });
  expect(info.data).toMatchObject({ mobile: null, hasPayPassword: false });
  // The owner's e-mail got nothing saying a channel was added.
  expect(await outboxCount(request, owner.email)).toBe(seenOwner);

  // In the browser with the stolen token: both pages ask for a proof first.
  await signInAs(page, { token: thief.token, userId: owner.userId });
  await page.goto('/pages/user/bind-phone');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'First, confirm it is you' })).toBeVisible();
  // The proof code would go to the owner's e-mail, never to the number being added.
  await expect(page.getByText(/^\w{1,2}\*\*\*@/)).toBeVisible();
  await expect(page.getByLabel('Mobile number', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Verification code', { exact: true }).fill(bindCode);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The verification code is wrong', { exact: false })).toBeVisible();

  await page.goto('/pages/user/paypass');
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'First, confirm it is you' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter a new 6-digit transaction password' })).toHaveCount(0);
  await expectAccessible(page);
});
