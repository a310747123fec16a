import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import WelfarePage from './welfare-page';

describe('welfare page', () => {
  it('has its own navigation bar with a named back button', async () => {
    const { user, host } = renderWithHost(<WelfarePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'New customer benefits' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(host.navigation.back).toHaveBeenCalled();
  });

  it('lists real benefits with the product constants and leads to register with the share code', async () => {
    const { user, host } = renderWithHost(<WelfarePage />, { route: '/pages/passport/welfare?refereeId=u-9' });
    expect(screen.getByText('Card top-ups of 50 USD or more carry no gateway fee.')).toBeInTheDocument();
    expect(screen.getByText(/arrives in about 7 working days/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/passport/register?refereeId=u-9');
  });

  it('offers inviting friends instead once logged in', () => {
    renderWithHost(<WelfarePage />, { loggedIn: true });
    expect(screen.getByRole('button', { name: 'Invite friends' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register now' })).not.toBeInTheDocument();
  });

  it('is translated and mirrored in Arabic', () => {
    renderWithHost(<WelfarePage />, { locale: 'ar-AE' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'سجّل الآن' })).toBeInTheDocument();
  });
});
