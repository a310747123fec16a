import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError, profileFixture } from '../../../testing/fake-host';
import UserIndexPage from './user-index-page';

describe('member index', () => {
  it('signed out: offers log in / register and no log out', async () => {
    const { user, host } = renderWithHost(<UserIndexPage />);
    expect(screen.getByRole('heading', { name: 'Not logged in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in / Register' }));
    expect(host.session.requireLogin).toHaveBeenCalledWith({ mode: 'redirect' });
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('signed in: masked account, user id, KYC badge, the menu, and log out after confirming', async () => {
    const { user, host } = renderWithHost(<UserIndexPage />, {
      loggedIn: true,
      routes: { 'GET user/info': () => ({ ...profileFixture, mobile: '+905321234567', kycLevel: 1 }) },
    });
    expect(await screen.findByRole('heading', { name: 'de***@cardwallet.test' })).toBeInTheDocument();
    expect(screen.getByText('+90532****567')).toBeInTheDocument();
    expect(screen.getByText('100001')).toBeInTheDocument();
    expect(screen.getByText('KYC level 1')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    for (const entry of [
      'Settings',
      'Identity verification (KYC)',
      'My coupons',
      'Invite friends',
      'Help centre',
      'About us',
    ]) {
      expect(menu).toHaveTextContent(entry);
    }
    await user.click(screen.getByText('Identity verification (KYC)'));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/user/kyc');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(host.session.signOut).toHaveBeenCalled());
    expect(host.navigation.switchTab).toHaveBeenCalledWith('/pages/index/index');
  });

  it('shows the error with a retry when the profile cannot load', async () => {
    let calls = 0;
    const { user } = renderWithHost(<UserIndexPage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => (++calls === 1 ? apiError('operation_failed', 'Operation failed') : profileFixture),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Operation failed');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('KYC level 2')).toBeInTheDocument();
  });
});
