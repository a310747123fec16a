import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { profileFixture } from '../../../testing/fake-host';
import SettingsPage from './settings-page';

describe('settings', () => {
  it('lists security, bindings, language and version 1138', async () => {
    const { user, host } = renderWithHost(<SettingsPage />, {
      loggedIn: true,
      locale: 'en-US',
      routes: { 'GET user/info': () => profileFixture },
    });
    expect(await screen.findByText('Transaction password')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByText('Bind phone')).toBeInTheDocument();
    expect(screen.getByText('Change e-mail')).toBeInTheDocument();
    expect(screen.getByText('de***@cardwallet.test')).toBeInTheDocument();
    expect(screen.getByText('1138')).toBeInTheDocument();
    expect(screen.getByText('English')).toBeInTheDocument();
    await user.click(screen.getByText('Transaction password'));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/user/paypass');
    await user.click(screen.getByText('Change login password'));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/user/change-password');
  });

  it('shows change phone once a mobile is bound', async () => {
    renderWithHost(<SettingsPage />, {
      loggedIn: true,
      routes: { 'GET user/info': () => ({ ...profileFixture, mobile: '+905321234567', hasPayPassword: true }) },
    });
    expect(await screen.findByText('Change phone')).toBeInTheDocument();
    expect(screen.getByText('Set')).toBeInTheDocument();
    expect(screen.queryByText('Bind phone')).not.toBeInTheDocument();
  });

  it('logs out of the other sessions after confirming', async () => {
    const { user, host, calls } = renderWithHost(<SettingsPage />, {
      loggedIn: true,
      routes: { 'GET user/info': () => profileFixture, 'POST user/logoutOthers': () => ({ revokedSessions: 2 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Log out of all other devices' }));
    await waitFor(() =>
      expect(host.toast.show).toHaveBeenCalledWith('Logged out of 2 other sessions', { icon: 'success' }),
    );
    expect(host.modal.confirm).toHaveBeenCalled();
    expect(calls.some((c) => c.url === 'user/logoutOthers')).toBe(true);
  });
});
