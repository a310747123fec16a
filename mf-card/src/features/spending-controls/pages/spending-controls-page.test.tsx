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
    // Refused as it is typed, with the product's limit named; nothing is sent.
    const form = screen.getByRole('form', { name: 'Monthly limit of this card' });
    expect(within(form).getByText('The maximum is \u206810,000.00 USD\u2069')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(calls.filter((c) => c.method === 'POST' && c.url === 'card/controls')).toHaveLength(1);
    await user.clear(limit);
    await user.type(limit, '2,500.5');
    expect(limit).toHaveAccessibleDescription(/2,500\.50 USD/);
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url === 'card/controls').at(-1)?.body).toEqual({
        cardId: 'c1',
        monthlyLimit: '2500.5',
      }),
    );
    // Empty: back to the product's limit (null on the wire).
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url === 'card/controls').at(-1)?.body).toEqual({
        cardId: 'c1',
        monthlyLimit: null,
      }),
    );
  });

  it('tr-TR: the saved limit is shown the Turkish way and "2.500,5" is sent as 2500.5', async () => {
    const { user, calls } = renderWithHost(<SpendingControlsPage />, {
      locale: 'tr-TR',
      loggedIn: true,
      route: '/pages/card/spending-controls?cardId=c1',
      routes: {
        'GET card/controls': () => ({ ...base, monthlyLimit: '1500.25' }),
        'POST card/controls': ({ body }) => ({ ...base, ...(body as object) }),
      },
    });
    const limit = await screen.findByLabelText('Aylık limit (USD)');
    expect(limit).toHaveValue('1500,25');
    await user.clear(limit);
    await user.type(limit, '2,500.5');
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    await user.clear(limit);
    await user.type(limit, '2.500,5');
    await user.click(screen.getByRole('button', { name: /Limiti kaydet/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === 'card/controls')?.body).toEqual({
        cardId: 'c1',
        monthlyLimit: '2500.5',
      }),
    );
  });
});
