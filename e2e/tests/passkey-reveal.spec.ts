import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, waitForShell } from '../support/app';
import { call, main, signIn } from './cards-helpers';
import { loginThroughApi, registerThroughApi, strongPassword, uniqueEmail } from './passport-helpers';

/**
 * Issue 22: the card's CVV revealed with a passkey — the DevTools virtual authenticator (CDP
 * WebAuthn) answers real ceremonies, nothing mocked; no transaction password exists or is typed.
 * WebAuthn refuses IP-address origins, so this file talks to the server as http://localhost.
 */
const port = Number(process.env.E2E_PORT ?? 8090);
test.use({ baseURL: process.env.E2E_BASE_URL ?? `http://localhost:${port}` });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A customer with an active virtual card (real apply + activation) and no transaction password. */
async function cardholder(request: APIRequestContext) {
  const account = uniqueEmail('pkreveal');
  const password = strongPassword('pkreveal');
  await registerThroughApi(request, account, password);
  const { token, userId } = await loginThroughApi(request, account, password);
  await call(request, 'POST', 'dev/users/kyc', null, { userId, level: 1, birthDate: '1990-05-14' });
  const { address } = await call<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', token, {
    currency: 'USDT',
    network: 'TRC20',
  });
  await call(request, 'POST', 'dev/chain/deposit', null, {
    address,
    currency: 'USDT',
    network: 'TRC20',
    amount: '200',
  });
  await call(request, 'POST', 'dev/chain/mine', null, { network: 'TRC20', blocks: 19 });
  await call(
    request,
    'POST',
    'wallet/transfer',
    token,
    { currency: 'USDT', amount: '200' },
    { 'Idempotency-Key': randomUUID() },
  );
  const card = await call<{ id: string }>(
    request,
    'POST',
    'card/apply',
    token,
    { productId: 'virtual-visa-standard', pin: '482915', pinConfirm: '482915' },
    { 'Idempotency-Key': randomUUID() },
  );
  await call(
    request,
    'POST',
    'card/activate',
    token,
    { cardId: card.id, firstName: 'Ada', lastName: 'Lovelace', mobile: '+447911123456', amount: '100' },
    { 'Idempotency-Key': randomUUID() },
  );
  return { token, userId, cardId: card.id };
}

test('a passkey registered in settings reveals the card CVV without the transaction password; accessible, Arabic right to left', async ({
  page,
  request,
}) => {
  const session = await cardholder(request);
  await signIn(page, session);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  // The customer adds a passkey (settings → passkeys).
  await page.goto('/pages/user/passkeys');
  await waitForShell(page);
  await expect(navTitle(page, 'Passkeys')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  const before = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(before).toHaveLength(1);

  // The reveal sheet offers the passkey first; the transaction password stays below.
  await page.goto(`/pages/card/setting?cardId=${session.cardId}`);
  await main(page).getByRole('button', { name: 'View card number and CVV' }).click();
  const confirm = main(page).getByRole('button', { name: 'Confirm with passkey' });
  await expect(confirm).toBeVisible();
  await expect(main(page).getByLabel('Transaction password, 6 digits', { exact: true })).toBeVisible();
  await expectAccessible(page);
  const grant = page.waitForRequest((r) => r.url().endsWith('/api/card/detailsGrant'));
  await confirm.click();
  const sent = (await grant).postDataJSON() as {
    cardId: string;
    passkey?: { ceremonyId: string };
    payPassword?: string;
  };
  expect(sent.payPassword).toBeUndefined();
  expect(sent.passkey?.ceremonyId).toBeTruthy();
  const details = main(page).getByRole('region', { name: 'Card details' });
  await expect(details).toBeVisible();
  await expect(details.getByText(/^\d{4} \d{4} \d{4} \d{4}$/)).toBeVisible();
  await expect(details.getByText(/^\d{3}$/)).toBeVisible();
  await expectAccessible(page);
  // The authenticator signed (its counter moved); the customer still has no transaction password.
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(
    before[0]!.signCount,
  );
  expect((await call<{ isSet: boolean }>(request, 'GET', 'user/payPasswordStatus', session.token)).isSet).toBe(false);
  await main(page).getByRole('button', { name: 'Hide now' }).click();
  await expect(details).toBeHidden();

  // Arabic, right to left: the same sheet.
  await page.evaluate(() => localStorage.setItem('language', 'ar-AE'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await main(page).getByRole('button', { name: 'عرض رقم البطاقة ورمز CVV' }).click();
  await expect(main(page).getByRole('button', { name: 'التأكيد بمفتاح المرور' })).toBeVisible();
  await expectAccessible(page);
});
