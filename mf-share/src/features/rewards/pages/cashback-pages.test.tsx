import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { cashback, page, summaryFixture } from '../../../testing/fixtures';
import DetailPage from './detail-page';
import OpenCardPage from './open-card-page';
import RechargeCashPage from './recharge-cash-page';

describe('cashback pages', () => {
  it('detail: totals per level and kind, this month against the cap; a cashback paid refreshes it live', async () => {
    let total = '42.5';
    const { emitLive } = renderWithHost(<DetailPage />, {
      loggedIn: true,
      routes: { 'GET referral/summary': () => ({ ...summaryFixture, total }) },
    });
    expect(await screen.findByText('$42.50')).toBeInTheDocument();
    expect(screen.getByText('This month $22.50 of $200.00')).toBeInTheDocument();
    expect(screen.getByText('Level 1 · friends: 4')).toBeInTheDocument();
    expect(screen.getByText('Level 2 · friends: 2')).toBeInTheDocument();
    expect(screen.getByText('$8.40')).toBeInTheDocument();
    expect(screen.getByText('$9.10')).toBeInTheDocument();
    total = '47.5';
    emitLive({ id: '7', type: 'referral.cashback_paid' });
    expect(await screen.findByText('$47.50')).toBeInTheDocument();
  });

  it('recharge cashback: friend, level, top-up, amount and the state of each record', async () => {
    const { calls } = renderWithHost(<RechargeCashPage />, {
      loggedIn: true,
      routes: {
        'GET referral/cashbacks': () =>
          page([
            cashback('1'),
            cashback('2', { status: 'reversed', amount: '2' }),
            cashback('3', { status: 'capped', amount: '0', level: 2 }),
          ]),
      },
    });
    expect(await screen.findByText('$1.50')).toBeInTheDocument();
    expect(screen.getByText('Taken back (top-up refunded)')).toBeInTheDocument();
    expect(screen.getByText('Monthly limit reached')).toBeInTheDocument();
    expect(screen.getByText('Level 2')).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ kind: 'recharge', page: 1 });
  });

  it('open-card cashback: empty state says what earns it', async () => {
    const { calls } = renderWithHost(<OpenCardPage />, {
      loggedIn: true,
      routes: { 'GET referral/cashbacks': () => page([]) },
    });
    expect(await screen.findByText('No cashback yet')).toBeInTheDocument();
    expect(screen.getByText(/opens a card, the cashback appears here/)).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ kind: 'open_card', page: 1 });
  });
});
