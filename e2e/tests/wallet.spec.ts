import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { tab } from '../support/app';
import { useLanguage } from './passport-helpers';
import {
  PAY_PASSWORD,
  approveWithdrawal,
  chainDeposit,
  fund,
  mine,
  newWalletUser,
  openSignedIn,
  pendingWithdrawals,
  rechargeAddress,
  setKycLevel,
  setPayPassword,
  typeOnKeypad,
} from './wallet-helpers';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

test.describe('wallet', () => {
  test('a sandbox deposit confirms on the open recharge page, then shows on the index with the tab badge', async ({
    page,
    request,
  }) => {
    const user = await newWalletUser(request, 'deposit');
    // USDT on ERC20: the other tests' deposits mine TRC20 blocks, which could confirm this deposit
    // before the page has shown it confirming; ERC20 advances only on the sandbox chain's own timer.
    await openSignedIn(page, user, '/pages/wallet/recharge?currency=USDT&network=ERC20');
    const address = await rechargeAddress(request, user, 'USDT', 'ERC20');
    await expect(page.getByTestId('recharge-address')).toHaveText(address);
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(page.getByText('Deposits of 0.50 USDT or less are not credited.')).toBeVisible();
    await expect(page.getByText('No deposits yet')).toBeVisible();
    await expectAccessible(page);

    const deposit = await chainDeposit(request, address, '125.5', 'USDT', 'ERC20');
    // Nothing is reloaded by hand: the open page picks the transfer up and follows its confirmations.
    // (The sandbox chain also mines on its own timer, so the count is whatever the chain is at.)
    await expect(page.getByText(new RegExp(`Confirming \\d+/${deposit.requiredConfirmations}`))).toBeVisible({
      timeout: 15_000,
    });
    await mine(request, deposit.requiredConfirmations, 'ERC20');
    await expect(page.getByText('Credited', { exact: true })).toBeVisible();

    // The credit is a wallet event the customer has not seen: the Wallet tab shows it.
    await page.goto('/pages/index/index');
    await expect(tab(page, 'wallet')).toHaveAccessibleName(/1/);
    await tab(page, 'wallet').click();
    await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();
    await expect(page.getByText('125.50').first()).toBeVisible();
    await expect(page.getByText('$125.50').first()).toBeVisible();
    await expect(page.getByText(/New wallet updates: 1/)).toBeVisible();
    await expect(tab(page, 'wallet')).not.toHaveAccessibleName(/1/);
    await expectAccessible(page);
  });

  test('withdrawal with the transaction password → secured account → administrator approves → cash flow', async ({
    page,
    request,
  }) => {
    const user = await newWalletUser(request, 'withdraw');
    await fund(request, user, '200');
    await openSignedIn(page, user, '/pages/wallet/withdraw?currency=USDT&network=TRC20');

    // No transaction password yet: the page leads to setting one and back here.
    await expect(page.getByText('Set a transaction password before your first withdrawal.')).toBeVisible();
    await page.getByRole('button', { name: 'Set transaction password' }).click();
    await expect(page).toHaveURL(
      /\/pages\/user\/paypass\?redirect=%2Fpages%2Fwallet%2Fwithdraw%3Fcurrency%3DUSDT%26network%3DTRC20/,
    );
    await setPayPassword(request, user);
    await page.goto('/pages/wallet/withdraw?currency=USDT&network=TRC20');

    const address = page.getByLabel('Withdrawal address', { exact: true });
    const amount = page.getByLabel('Amount (USDT)', { exact: true });
    await address.fill('TXYZ');
    await expect(page.getByText('This is not a valid TRC20 address.')).toBeVisible();
    await address.fill(DEST_TRON);
    await expect(page.getByText('This is not a valid TRC20 address.')).toBeHidden();
    await amount.fill('5');
    await expect(page.getByText(/^The minimum is \u2068?10\.00 USDT\u2069?$/)).toBeVisible();
    await amount.fill('250');
    await expect(page.getByText(/^More than the .*USDT\u2069? available$/)).toBeVisible();
    await amount.fill('50');
    const summary = page.getByLabel('Withdrawal summary');
    await expect(summary).toContainText('Network fee1.00 USDT');
    await expect(summary).toContainText('Amount received50.00 USDT');
    await expect(summary).toContainText('Total deducted51.00 USDT');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Enter your transaction password' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: '6-digit transaction password' }).click();
    await typeOnKeypad(page, '000000');
    await expect(sheet.getByText(/Wrong transaction password\. 4 attempts left\./)).toBeVisible();
    // The entry is cleared and the keypad stays open for the next try.
    await typeOnKeypad(page, PAY_PASSWORD);
    await expect(page.getByText('Withdrawal submitted')).toBeVisible();
    const [pending] = await pendingWithdrawals(request, user);
    expect(pending?.amount).toBe('50');

    await page.getByRole('button', { name: 'View secured account' }).click();
    await expect(page.getByText('Withdrawal under review')).toBeVisible();
    await expect(page.getByText('51.00 USDT').first()).toBeVisible();
    await expectAccessible(page);

    await approveWithdrawal(request, pending!.id);
    await page.goto('/pages/wallet/cash-flow');
    const withdrawal = page.getByRole('listitem').filter({ hasText: 'Withdrawal' });
    await expect(withdrawal).toContainText('sent');
    await expect(withdrawal).toContainText('-51.00 USDT');
    await expect(page.getByRole('listitem').filter({ hasText: 'Deposit' })).toContainText('+200.00 USDT');
    await page.getByRole('tab', { name: 'Withdrawing' }).click();
    await expect(page.getByText('No withdrawal is waiting for review.')).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(withdrawal).toBeVisible();
    await expectAccessible(page);
    await page.goto('/pages/wallet/secured-account');
    await expect(page.getByText('Nothing is held')).toBeVisible();
  });

  test('exchange on a live quote: an expired quote is refreshed, the new one confirmed once', async ({
    page,
    request,
  }) => {
    const user = await newWalletUser(request, 'exchange');
    await fund(request, user, '300');
    // The page's own clock (timers and Date), so the 30-second quote can run out without 30 s of waiting;
    // the server sees only what the page asks it, as with a customer who waited.
    await page.clock.install();
    await openSignedIn(page, user, '/pages/wallet/currency_exchange');
    await expect(page.getByRole('heading', { name: 'Exchange', level: 1 })).toBeVisible();
    const amount = page.getByLabel('Amount (USDT)', { exact: true });
    await amount.fill('0.5');
    // The shared amount field refuses as the customer types, with the limit at the field.
    await expect(page.getByText(/^The minimum is \u2068?1\.00 USDT\u2069?$/)).toBeVisible();
    await amount.fill('400');
    await expect(page.getByText(/^More than the .*USDT\u2069? available$/)).toBeVisible();
    await amount.fill('100');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/Price held for (2\d|30) s/);
    await expectAccessible(page);
    const firstQuote = await page.getByTestId('exchange-receive').textContent();
    // Let the 30-second quote run out on screen: the page fetches a fresh one by itself.
    await page.clock.fastForward(31_000);
    await expect(page.getByText('The quote expired, so here is a new one. Check it before you confirm.')).toBeVisible();
    await expect(timer).toHaveText(/Price held for (2\d|30) s/);
    expect(firstQuote).toMatch(/BTC/);
    await page.getByRole('button', { name: 'Confirm exchange' }).click();
    await expect(page.getByText('Exchanged', { exact: true })).toBeVisible();
    await expect(page.getByText(/You paid 100\.00 USDT and received/)).toBeVisible();
    await page.getByRole('button', { name: 'Exchange records' }).click();
    await expect(page.getByText(/100\.00 USDT/).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('transfer to card: refused below 50 USD and without KYC 1, accepted once verified', async ({
    page,
    request,
  }) => {
    const user = await newWalletUser(request, 'transfer');
    await fund(request, user, '500');
    await openSignedIn(page, user, '/pages/wallet/transfer');
    await expect(page.getByText('Transfers to your card need identity verification (KYC level 1).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Transfer to card' })).toBeDisabled();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Verify identity' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/kyc\?redirect=%2Fpages%2Fwallet%2Ftransfer/);

    await setKycLevel(request, user, 1);
    await page.goto('/pages/wallet/transfer');
    const amount = page.getByLabel('Amount (USD)', { exact: true });
    await amount.fill('49.99');
    await expect(page.getByText(/^The minimum is \u2068?(50\.00 USD|\$50\.00)\u2069?$/)).toBeVisible();
    await amount.fill('120');
    await page.getByRole('button', { name: 'Transfer to card' }).click();
    await expect(page.getByText('Transferred', { exact: true })).toBeVisible();
    await expect(page.getByText('$120.00 from USDT is on your card funding balance.')).toBeVisible();
    await page.goto('/pages/wallet/index');
    await expect(page.getByText(/Card funding \(not included above\):\s*\$120\.00/)).toBeVisible();
  });

  test('address book, currency chooser and records pages pass axe-core', async ({ page, request }) => {
    const user = await newWalletUser(request, 'pages');
    await openSignedIn(page, user, '/pages/wallet/select-currency?next=add-address');
    await expect(page.getByText('USDT on TRC20')).toBeVisible();
    await expectAccessible(page);
    await page.getByText('USDT on TRC20').click();
    await expect(page).toHaveURL(/add-address\?currency=USDT&network=TRC20/);
    await page.getByLabel('Address', { exact: true }).fill('0x123');
    await expect(page.getByText('This is not a valid TRC20 address.')).toBeVisible();
    await page.getByLabel('Address', { exact: true }).fill(DEST_TRON);
    await page.getByLabel('Remark (optional)', { exact: true }).fill('Cold wallet');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.goto('/pages/wallet/select-address');
    await expect(page.getByText('Cold wallet')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Delete Cold wallet' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('No saved addresses')).toBeVisible();

    await page.goto('/pages/wallet/add-address');
    await expect(page.getByText('Please go back and choose a currency first.')).toBeVisible();
    await expectAccessible(page);
    for (const [path, text] of [
      ['/pages/wallet/exchange-record', 'No exchanges yet'],
      ['/pages/wallet/secured-account', 'Nothing is held'],
      ['/pages/wallet/cash-flow', 'No records here'],
      ['/pages/wallet/index', 'Your wallet is empty'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(text)).toBeVisible();
      await expectAccessible(page);
    }
  });

  test.describe('in Arabic (right to left)', () => {
    test.use({ locale: 'ar-AE' });
    test('index, recharge, withdraw, exchange and transfer read right to left with figures left to right', async ({
      page,
      request,
    }) => {
      const user = await newWalletUser(request, 'rtl');
      await fund(request, user, '150');
      await useLanguage(page, 'ar-AE');
      await openSignedIn(page, user, '/pages/wallet/index');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { name: 'العملات' })).toBeVisible();
      const total = page.locator('.wallet-hero-amount .cw-ltr');
      // Intl's Arabic currency pattern (amount then US$), Latin digits, in a left-to-right span.
      await expect(total).toHaveText(/150\.00\sUS\$/);
      expect(await total.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await expectAccessible(page);

      await page.goto('/pages/wallet/recharge');
      const address = page.getByTestId('recharge-address');
      await expect(address).toHaveText(await rechargeAddress(request, user));
      expect(await address.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await expect(page.getByText('الإيداعات بقيمة 0.50 USDT أو أقل لا تُضاف إلى رصيدك.')).toBeVisible();
      await expectAccessible(page);

      await page.goto('/pages/wallet/withdraw?currency=USDT&network=TRC20');
      await page.getByLabel('عنوان السحب', { exact: true }).fill('TXYZ');
      await expect(page.getByText('هذا ليس عنوان TRC20 صالحًا.')).toBeVisible();
      await expectAccessible(page);

      await page.goto('/pages/wallet/currency_exchange');
      await expect(page.getByRole('heading', { name: 'تحويل العملات', level: 1 })).toBeVisible();
      await expectAccessible(page);

      await page.goto('/pages/wallet/transfer');
      await expect(page.getByText('يتطلب التحويل إلى البطاقة التحقق من الهوية (المستوى 1).')).toBeVisible();
      await expectAccessible(page);
    });
  });
});
