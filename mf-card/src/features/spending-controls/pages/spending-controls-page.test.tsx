import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import SpendingControlsPage from './spending-controls-page';

const base = {
  cardId: 'c1',
  online: true,
  contactless: true,
  atm: true,
  magstripe: true,
  monthlyLimit: null,
  productMonthlyLimit: '10000.00',
  blocks: [],
  appliedAtIssuer: true,
};

describe('spending controls page', () => {
  it('switches a channel off, blocks a category with the chosen cool-off, refuses a limit above the product', async () => {
    let state: Record<string, unknown> = { ...base };
    const { user, calls } = renderWithHost(<SpendingControlsPage />, {
      loggedIn: true,
      route: '/pages/card/spending-controls?cardId=c1',
      routes: {
        'GET card/controls': () => state,
        'POST card/controls': ({ body }) => {
          const b = body as Record<string, unknown>;
          if (b.monthlyLimit === '20000') return apiError('card_limit_above_product', 'too high', { code: 422 });
          state = { ...state, ...b };
          return state;
        },
        'POST card/controls/block': ({ body }) => {
          const b = body as { category: string; coolOffHours: number };
          state = {
            ...state,
            blocks: [
              {
                category: b.category,
                coolOffHours: b.coolOffHours,
                blockedAt: '2026-11-24T10:00:00.000Z',
                liftsAt: null,
              },
            ],
          };
          return state;
        },
      },
    });
    const online = await screen.findByRole('switch', { name: /Online payments/ });
    expect(online).toBeChecked();
    await user.click(online);
    await waitFor(() => expect(screen.getByRole('switch', { name: /Online payments/ })).not.toBeChecked());
    expect(calls.find((c) => c.method === 'POST' && c.url === 'card/controls')?.body).toEqual({
      cardId: 'c1',
      online: false,
    });

    await user.selectOptions(screen.getByLabelText('Cool-off for lifting the Gambling block'), '168');
    await user.click(screen.getByRole('button', { name: 'Block Gambling' }));
    expect(await screen.findByText('Blocked · lifting takes 7 days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lift block: Gambling' })).toBeInTheDocument();

    const limit = screen.getByLabelText('Monthly limit (USD)');
    await user.type(limit, '20000');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    const form = screen.getByRole('form', { name: 'Monthly limit of this card' });
    expect(within(form).getByRole('alert')).toHaveTextContent('The limit can be at most $10,000.00.');
    expect(calls.filter((c) => c.method === 'POST' && c.url === 'card/controls')).toHaveLength(1);
  });
});
