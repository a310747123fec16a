import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import SetCardPinPage from './set-card-pin-page';

describe('set card PIN page', () => {
  it('asks for six digits twice; a mismatch starts again, a match goes to the issuer', async () => {
    const { user, calls } = renderWithHost(<SetCardPinPage />, { loggedIn: true, routes: { 'POST card/setPin': () => ({ ok: true }) }, route: '/pages/card/set-card-pin?cardId=c1&kind=atm' });
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
    expect(calls.find((c) => c.url === 'card/setPin')!.body).toEqual({ cardId: 'c1', kind: 'atm', pin: '246802', pinConfirm: '246802' });
  });
});
