import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { TRON_ADDRESS } from '../../../testing/fixtures';
import { draftFor, useWithdrawDraft } from '../../withdraw/components/withdraw-draft';
import SelectAddressPage from './select-address-page';
import AddAddressPage from './add-address-page';

const book = {
  addresses: [
    { id: 'a1', address: TRON_ADDRESS, network: 'TRC20', remark: 'Exchange account', currency: 'USDT' },
    {
      id: 'a2',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      network: 'ERC20',
      remark: null,
      currency: 'USDT',
    },
  ],
};

describe('address book', () => {
  beforeEach(() => useWithdrawDraft.getState().clear());

  it("picking for a withdrawal lists the network's addresses and returns the chosen one", async () => {
    useWithdrawDraft.getState().save({ currency: 'USDT', network: 'TRC20', address: '', amount: '25' });
    const { user, host, calls } = renderWithHost(<SelectAddressPage />, {
      route: '/pages/wallet/select-address?currency=USDT&network=TRC20&pick=1',
      loggedIn: true,
      routes: { 'GET wallet/addresses': () => book },
    });
    await user.click(await screen.findByText('Exchange account'));
    expect(calls[0]?.params).toEqual({ currency: 'USDT' });
    expect(screen.queryByText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
    expect(host.navigation.back).toHaveBeenCalled();
    // The amount typed before the trip survives.
    expect(draftFor('USDT', 'TRC20')).toEqual({ address: TRON_ADDRESS, amount: '25' });
  });

  it('deletes after confirming', async () => {
    const { user, host, calls } = renderWithHost(<SelectAddressPage />, {
      route: '/pages/wallet/select-address',
      loggedIn: true,
      routes: { 'GET wallet/addresses': () => book, 'POST wallet/deleteAddress': () => ({ ok: true }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Exchange account' }));
    expect(host.modal.confirm).toHaveBeenCalled();
    expect(calls.find((c) => c.url === 'wallet/deleteAddress')?.body).toEqual({ id: 'a1' });
  });

  it('adding without a chosen currency says to go back and choose one', async () => {
    const { user, host } = renderWithHost(<AddAddressPage />, { route: '/pages/wallet/add-address', loggedIn: true });
    expect(screen.getByText('Please go back and choose a currency first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose a currency' }));
    expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/wallet/select-currency?next=add-address');
  });
});
