import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError, profileFixture } from '../../../testing/fake-host';
import BindPhonePage from './bind-phone-page';
import ChangePhonePage from './change-phone-page';

describe('bind phone', () => {
  it('a first number is proved on the e-mail bound before (a wrong code is shown next to the field), then bound with the ticket', async () => {
    let n = 0;
    let v = 0;
    const { user, host, calls } = renderWithHost(<BindPhonePage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => profileFixture,
        'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
        'POST user/verifyIdentity': () =>
          ++v === 1
            ? apiError('code_invalid', 'The verification code is wrong.')
            : { ticket: 'T0', expiresInSeconds: 600 },
        'POST user/sumbitBind': () =>
          ++n === 1
            ? apiError('binding_exists', 'This e-mail or mobile is already used by another account.')
            : { ...profileFixture, mobile: '+905321234567' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'First, confirm it is you' })).toBeInTheDocument();
    expect(screen.getByText('de***@cardwallet.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({
        account: 'demo@cardwallet.test',
        purpose: 'rebind',
      }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The verification code is wrong.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByRole('textbox', { name: 'Verification code' }));
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '111111');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(calls.filter((c) => c.url === 'user/verifyIdentity').at(-1)?.body).toEqual({
      method: 'code',
      channel: 'mobile',
      code: '111111',
    });
    await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '+90 532 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(calls.filter((c) => c.url === 'user/sendCode').at(-1)?.body).toEqual({
      account: '+905321234567',
      purpose: 'bind',
    });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    expect(await screen.findByText('This e-mail or mobile is already used by another account.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
    expect(calls.filter((c) => c.url === 'user/sumbitBind').at(-1)?.body).toMatchObject({ ticket: 'T0' });
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
    expect(calls.find((c) => c.url === 'user/verifyIdentity')?.body).toEqual({
      method: 'password',
      channel: 'mobile',
      password: 'Demo1234!',
    });
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+905329999999');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
    expect(calls.find((c) => c.url === 'user/sumbitBind')?.body).toEqual({
      type: 'mobile',
      account: '+905329999999',
      code: '123456',
      ticket: 'T1',
    });
  });
});
