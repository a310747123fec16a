import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError, profileFixture } from '../../../testing/fake-host';
import BindPhonePage from './bind-phone-page';
import ChangePhonePage from './change-phone-page';

describe('bind phone', () => {
  it('sends a code with a 60 s countdown, shows "already used by another account" on the number, binds', async () => {
    let n = 0;
    const { user, host, calls } = renderWithHost(<BindPhonePage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => profileFixture,
        'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
        'POST user/sumbitBind': () => (++n === 1 ? apiError('binding_exists', 'This e-mail or mobile is already used by another account.') : { ...profileFixture, mobile: '+905321234567' }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '+90 532 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({ account: '+905321234567', purpose: 'bind' });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    expect(await screen.findByText('This e-mail or mobile is already used by another account.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
  });
});

describe('change phone', () => {
  it('proves the old number (or the login password), then binds the new one with the ticket', async () => {
    const { user, host, calls } = renderWithHost(<ChangePhonePage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => ({ ...profileFixture, mobile: '+905321234567' }),
        'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
        'POST user/verifyIdentity': () => ({ ticket: 'T1', expiresInSeconds: 600 }),
        'POST user/sumbitBind': () => ({ ...profileFixture, mobile: '+905329999999' }),
      },
    });
    expect(await screen.findByText('+90532****567')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I can no longer receive SMS at this number' }));
    await user.type(screen.getByLabelText('Login password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Enter your new mobile number' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'user/verifyIdentity')?.body).toEqual({ method: 'password', channel: 'mobile', password: 'Demo1234!' });
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+905329999999');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
    expect(calls.find((c) => c.url === 'user/sumbitBind')?.body).toEqual({ type: 'mobile', account: '+905329999999', code: '123456', ticket: 'T1' });
  });
});
