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
});
