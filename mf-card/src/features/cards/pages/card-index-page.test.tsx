import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import CardIndexPage from './card-index-page';

describe('card index page', () => {
  it('shows each card with masked number, brand, type, status and balance — never a full number', async () => {
    const { user, host } = renderWithHost(<CardIndexPage />, {
      loggedIn: true,
      routes: {
        'GET card/list': () => ({
          cards: [
            cardFixture(),
            cardFixture({
              id: 'c2',
              type: 'physical',
              brand: 'mastercard',
              status: 'inactivated',
              last4: '5555',
              maskedNumber: '•••• 5555',
              balance: '0.00',
              shippingStatus: 'shipped',
            }),
          ],
        }),
      },
    });
    const visa = await screen.findByRole('article', { name: 'Visa Virtual card ending 4242' });
    expect(visa).toHaveTextContent('•••• 4242');
    expect(visa).toHaveTextContent('Active');
    expect(visa).toHaveTextContent('$100.00');
    expect(screen.getByRole('article', { name: 'MasterCard Physical card ending 5555' })).toHaveTextContent('Shipped');
    expect(document.body.textContent).not.toMatch(/\d{12,19}/);
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/select-card?for=recharge');
  });

  it('says what to do when there is no card yet, with the apply and bind entries', async () => {
    const { user, host } = renderWithHost(<CardIndexPage />, {
      loggedIn: true,
      routes: { 'GET card/list': () => ({ cards: [] }) },
    });
    expect(await screen.findByText('No cards yet')).toBeInTheDocument();
    await user.click(screen.getByText('Apply for a card'));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/apply');
    await user.click(screen.getByText('Bind an existing card'));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/bind-card');
  });
});
