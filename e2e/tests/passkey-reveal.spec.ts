import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, waitForShell } from '../support/app';
import { call, cardholder, main, signIn } from './cards-helpers';
import { virtualAuthenticator } from '../support/webauthn';

/**
 * Issue 22: the card's CVV revealed with a passkey — the DevTools virtual authenticator (CDP
 * WebAuthn) answers real ceremonies, nothing mocked; no transaction password exists or is typed.
 * WebAuthn refuses IP-address origins, so this file talks to the server as http://localhost.
 */
const port = Number(process.env.E2E_PORT ?? 8090);
test.use({ baseURL: process.env.E2E_BASE_URL ?? `http://localhost:${port}` });

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
