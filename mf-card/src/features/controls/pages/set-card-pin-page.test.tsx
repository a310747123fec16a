import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError } from '../../../testing/fake-host';
import SetCardPinPage from './set-card-pin-page';

describe('set card PIN page', () => {
  it('asks for six digits twice; a mismatch starts again, a match goes to the issuer', async () => {
    const { user, calls } = renderWithHost(<SetCardPinPage />, {
      loggedIn: true,
      routes: {
        'POST user/stepUp': (r) =>
          (r.body as { proof: { password: string } }).proof.password === 'Demo1234!'
            ? { expiresInSeconds: 300 }
            : apiError('invalid_credentials', 'Wrong account or password.'),
        'POST card/setPin': () => ({ ok: true }),
      },
      route: '/pages/card/set-card-pin?cardId=c1&kind=atm',
    });
    // The login password first (issue 22): a wrong one is shown next to the field.
    expect(await screen.findByRole('heading', { name: 'First, confirm it is you' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Login password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Wrong account or password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Login password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Login password'));
    await user.type(screen.getByLabelText('Login password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(calls.filter((c) => c.url === 'user/stepUp').at(-1)!.body).toEqual({
      purpose: 'card_pin',
      proof: { kind: 'password', password: 'Demo1234!' },
    });
    expect(await screen.findByRole('heading', { name: 'Enter a new 6-digit ATM PIN' })).toBeInTheDocument();
    const cells = screen.getByLabelText('New PIN, 6 digits');
    cells.focus();
    await user.keyboard('135790');
    await screen.findByRole('heading', { name: 'Enter it again' });
    await user.keyboard('135791');
    expect(await screen.findByRole('alert')).toHaveTextContent('The two PINs differ');
    expect(calls.some((c) => c.url === 'card/setPin')).toBe(false);
    await user.keyboard('246802');
    await screen.findByRole('heading', { name: 'Enter it again' });
    await user.keyboard('246802');
    await waitFor(() => expect(screen.getByText('ATM PIN changed')).toBeInTheDocument());
    expect(calls.find((c) => c.url === 'card/setPin')!.body).toEqual({
      cardId: 'c1',
      kind: 'atm',
      pin: '246802',
      pinConfirm: '246802',
    });
  });
});
