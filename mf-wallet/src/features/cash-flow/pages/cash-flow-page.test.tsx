import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { page } from '../../../testing/fixtures';
import CashFlowPage from './cash-flow-page';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const entries = [
  { id: '1', time: minutesAgo(1), amount: '-51', currency: 'USDT', type: 'withdraw', remark: 'pending', txHash: null },
  {
    id: '2',
    time: minutesAgo(90),
    amount: '200',
    currency: 'USDT',
    type: 'deposit',
    remark: 'TRC20',
    txHash: 'f'.repeat(58) + '123456',
  },
  {
    id: '3',
    time: minutesAgo(60 * 24 * 40),
    amount: '0.3',
    currency: 'USDT',
    type: 'deposit_not_credited',
    remark: 'below_minimum',
    txHash: null,
  },
];

describe('cash flow', () => {
  it('lists type, remark, signed amount, relative time and the shortened tx hash; filters ask the API', async () => {
    const { user, calls } = renderWithHost(<CashFlowPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/cashFlow': ({ params }) => (params?.filter === 'withdrawing' ? page([entries[0]]) : page(entries)),
      },
    });
    expect(await screen.findByText('Withdrawal')).toBeInTheDocument();
    expect(screen.getByText('-51.00 USDT')).toBeInTheDocument();
    expect(screen.getByText('+200.00 USDT')).toBeInTheDocument();
    expect(screen.getByText('0.30 USDT')).toBeInTheDocument();
    expect(screen.getByText('just now')).toBeInTheDocument();
    expect(screen.getByText('1 hour ago')).toBeInTheDocument();
    expect(screen.getByText(/under review/)).toBeInTheDocument();
    expect(screen.getByText('ffffff…123456')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy transaction hash' })).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ filter: 'all', page: 1 });
    await user.click(screen.getByRole('tab', { name: 'Withdrawing' }));
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ filter: 'withdrawing', page: 1 }));
    await waitFor(() => expect(screen.queryByText('+200.00 USDT')).toBeNull());
  });

  it('links a sent withdrawal’s hash to its network’s explorer', async () => {
    const hash = `0x${'cd'.repeat(31)}9876`;
    const sent = [
      {
        id: '6',
        time: minutesAgo(3),
        amount: '-21',
        currency: 'USDT',
        type: 'withdraw',
        remark: 'sent',
        txHash: hash,
        network: 'ERC20',
      },
      {
        id: '7',
        time: minutesAgo(9),
        amount: '-11',
        currency: 'USDT',
        type: 'withdraw',
        remark: 'sent',
        txHash: 'e'.repeat(58) + '112233',
        network: 'TRC20',
      },
    ];
    renderWithHost(<CashFlowPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/cashFlow': () => page(sent),
        'GET wallet/currencies': () => ({
          currencies: [],
          explorers: [
            { network: 'ERC20', tx: 'https://sepolia.etherscan.io/tx/{hash}', address: 'https://x.test/a/{address}' },
          ],
        }),
      },
    });
    const link = await screen.findByRole('link', { name: new RegExp(`View transaction ${hash}`) });
    expect(link).toHaveAttribute('href', `https://sepolia.etherscan.io/tx/${hash}`);
    // TRC20 has no explorer configured here: its hash is shown and copyable, not linked.
    expect(screen.getByText('eeeeee…112233')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows a withdrawal that failed on chain and its refund, translated', async () => {
    const failed = [
      {
        id: '4',
        time: minutesAgo(2),
        amount: '21',
        currency: 'USDT',
        type: 'withdraw_refund',
        remark: 'chain_reverted',
        txHash: 'a'.repeat(58) + '654321',
      },
      {
        id: '5',
        time: minutesAgo(30),
        amount: '-21',
        currency: 'USDT',
        type: 'withdraw',
        remark: 'failed',
        txHash: null,
      },
    ];
    renderWithHost(<CashFlowPage />, { loggedIn: true, routes: { 'GET wallet/cashFlow': () => page(failed) } });
    expect(await screen.findByText(/failed on chain, refunded/)).toBeInTheDocument();
    expect(screen.getByText(/· failed on chain$/)).toBeInTheDocument();
    expect(screen.getByText('+21.00 USDT')).toBeInTheDocument();
    expect(screen.queryByText('chain_reverted')).toBeNull();
  });

  it('says what to do when there is nothing yet', async () => {
    renderWithHost(<CashFlowPage />, { loggedIn: true, routes: { 'GET wallet/cashFlow': () => page([]) } });
    expect(await screen.findByText('No records here')).toBeInTheDocument();
    expect(
      screen.getByText('Deposits, withdrawals, exchanges and transfers to your card appear here.'),
    ).toBeInTheDocument();
  });
});
