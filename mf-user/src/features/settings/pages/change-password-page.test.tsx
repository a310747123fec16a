import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError } from '../../../testing/fake-host';
import ChangePasswordPage from './change-password-page';

describe('change login password', () => {
  it('checks the rules, shows a wrong old password on its field, then changes it', async () => {
    let n = 0;
    const { user, host } = renderWithHost(<ChangePasswordPage />, {
      loggedIn: true,
      routes: {
        'POST user/changePassword': () =>
          ++n === 1 ? apiError('invalid_credentials', 'Wrong account or password.') : { revokedSessions: 1 },
      },
    });
    await user.type(screen.getByLabelText('Current password'), 'Old-pass-1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('password length must be 8 to 20')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'New-pass-22');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'New-pass-22');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Wrong account or password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
  });
});
