import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import RegisterSuccessPage from './register-success-page';

describe('register-success page', () => {
  it('continues to the page that asked for a login', async () => {
    const { user, host } = renderWithHost(<RegisterSuccessPage />, { loggedIn: true, returnTo: '/pages/card/apply' });
    expect(screen.getByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start using CardWallet' }));
    expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/apply');
  });

  it('continues home with a fresh history otherwise', async () => {
    const { user, host } = renderWithHost(<RegisterSuccessPage />, { loggedIn: true });
    await user.click(screen.getByRole('button', { name: 'Start using CardWallet' }));
    expect(host.navigation.relaunch).toHaveBeenCalledWith('/pages/index/index');
  });

  it('offers to log in when opened without a session', async () => {
    const { user, host } = renderWithHost(<RegisterSuccessPage />);
    await user.click(screen.getByRole('button', { name: 'Log in now' }));
    expect(host.navigation.relaunch).toHaveBeenCalledWith('/pages/passport/login');
  });
});
