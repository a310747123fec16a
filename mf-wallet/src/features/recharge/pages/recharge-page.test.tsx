import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { depositFixture, page } from '../../../testing/fixtures';
import RechargePage from './recharge-page';

const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const addressAnswer = {
  currency: 'USDT',
  network: 'TRC20',
  address: ADDRESS,
  depositCreditThreshold: '0.5',
  confirmations: 19,
};

describe('recharge page', () => {
  it('shows the address as text and QR code, the 0.5 USDT rule and the deposits with their state', async () => {
    const { calls } = renderWithHost(<RechargePage />, {
      route: '/pages/wallet/recharge?currency=USDT&network=TRC20',
      loggedIn: true,
      routes: {
        'GET wallet/rechargeAddress': () => addressAnswer,
        'GET wallet/deposits': () =>
          page([depositFixture('confirming', 7), depositFixture('credited', 19), depositFixture('not_credited')]),
      },
    });
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'wallet/rechargeAddress')?.params).toEqual({
      currency: 'USDT',
      network: 'TRC20',
    });
    expect(screen.getByRole('img', { name: 'QR code of your USDT deposit address on TRC20' })).toBeInTheDocument();
    expect(screen.getByText('Deposits of 0.50 USDT or less are not credited.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(await screen.findByText('Confirming 7/19')).toBeInTheDocument();
    expect(screen.getByText('Credited')).toBeInTheDocument();
    expect(screen.getByText('Not credited: below minimum')).toBeInTheDocument();
    expect(screen.getAllByText('aaaaaa…0c0ffe')).toHaveLength(3);
  });

  it('says the address could not be had, and gets it on retry', async () => {
    let calls = 0;
    const { user } = renderWithHost(<RechargePage />, {
      route: '/pages/wallet/recharge',
      loggedIn: true,
      routes: {
        'GET wallet/rechargeAddress': () =>
          ++calls === 1
            ? apiError('recharge_address_failed', 'Failed to get the recharge address. Please try later.', {
                code: 503,
              })
            : addressAnswer,
        'GET wallet/deposits': () => page([]),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get the recharge address. Please try later.');
    expect(screen.getByText('No deposits yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
  });
});
