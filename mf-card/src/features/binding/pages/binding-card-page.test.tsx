import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import BindingCardPage from './binding-card-page';

describe('binding card page', () => {
  it('checks the fields, shows the refusal, and opens the success page once bound', async () => {
    let refuse = true;
    const { user, host, calls } = renderWithHost(<BindingCardPage />, {
      loggedIn: true,
      routes: {
        'POST card/bind': () =>
          refuse
            ? apiError(
                'card_bind_refused',
                'This card cannot be linked. Check the card number and the code on the card carrier.',
              )
            : cardFixture({ id: 'c9', type: 'physical', bound: true, status: 'inactivated' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Bind card' }));
    expect(calls.some((c) => c.url === 'card/bind')).toBe(false);
    await user.type(screen.getByLabelText('Card number'), '5224 8190 1234 5678');
    await user.type(screen.getByLabelText('Carrier code (6 digits)'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    expect(await screen.findByText(/This card cannot be linked/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'card/bind')!.body).toEqual({
      cardNumber: '5224819012345678',
      carrierCode: '123456',
    });
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    await waitFor(() =>
      expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/binding-card-success?cardId=c9'),
    );
  });
});
