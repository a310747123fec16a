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
  test('a sandbox deposit confirms on the open recharge page, then shows on the index with the tab badge', async ({ page, request }) => {
    const user = await newWalletUser(request, 'deposit');
    await openSignedIn(page, user, '/pages/wallet/recharge?currency=USDT&network=TRC20');
    const address = await rechargeAddress(request, user);
    await expect(page.getByTestId('recharge-address')).toHaveText(address);
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(page.getByText('Deposits of 0.50 USDT or less are not credited.')).toBeVisible();
    await expect(page.getByText('No deposits yet')).toBeVisible();
    await expectAccessible(page);

    const deposit = await chainDeposit(request, address, '125.5');
    // Nothing is reloaded by hand: the open page picks the transfer up and follows its confirmations.
    // (The sandbox chain also mines on its own timer, so the count is whatever the chain is at.)
    await expect(page.getByText(/Confirming \d+\/19/)).toBeVisible({ timeout: 15_000 });
    await mine(request, deposit.requiredConfirmations);
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

  test('withdrawal with the transaction password → secured account → administrator approves → cash flow', async ({ page, request }) => {
    const user = await newWalletUser(request, 'withdraw');
    await fund(request, user, '200');
    await openSignedIn(page, user, '/pages/wallet/withdraw?currency=USDT&network=TRC20');

    // No transaction password yet: the page leads to setting one and back here.
    await expect(page.getByText('Set a transaction password before your first withdrawal.')).toBeVisible();
    await page.getByRole('button', { name: 'Set transaction password' }).click();
    await expect(page).toHaveURL(/\/pages\/user\/paypass\?redirect=%2Fpages%2Fwallet%2Fwithdraw%3Fcurrency%3DUSDT%26network%3DTRC20/);
    await setPayPassword(request, user);
    await page.goto('/pages/wallet/withdraw?currency=USDT&network=TRC20');

    const address = page.getByLabel('Withdrawal address', { exact: true });
    const amount = page.getByLabel('Amount (USDT)', { exact: true });
    await address.fill('TXYZ');
    await expect(page.getByText('This is not a valid TRC20 address.')).toBeVisible();
    await address.fill(DEST_TRON);
    await expect(page.getByText('This is not a valid TRC20 address.')).toBeHidden();
    await amount.fill('5');
    await expect(page.getByText('The minimum withdrawal is 10.00 USDT.')).toBeVisible();
    await amount.fill('250');
    await expect(page.getByText(/more than your available/)).toBeVisible();
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
});
