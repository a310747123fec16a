import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VERIFICATION_CODE_COUNTDOWN_SECONDS } from '@cardwallet/shared';
import { apiError, registerDataFixture, type FakeRoutes } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import RegisterPage from '../pages/register-page';

const baseRoutes = (extra: FakeRoutes = {}): FakeRoutes => ({
  'GET user/getRegisterData': () => registerDataFixture,
  'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
  'POST user/register': () => ({ token: 'new-token', userId: 'u-new' }),
  ...extra,
});

function renderRegister(options: Parameters<typeof renderWithHost>[1] = {}) {
  return renderWithHost(<RegisterPage />, { route: '/pages/passport/register', routes: baseRoutes(), ...options });
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('register form — validation as the user types and leaves fields', () => {
  it('shows "password length must be 8 to 20" on leaving a short password, and clears it once valid', async () => {
    const { user } = renderRegister();
    await user.type(field('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('password length must be 8 to 20')).toBeInTheDocument();
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    // Touched fields re-validate on every keystroke.
    await user.type(field('Password'), 'enough');
    await waitFor(() => expect(screen.queryByText('password length must be 8 to 20')).not.toBeInTheDocument());
    expect(field('Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('rejects a password longer than 20 characters', async () => {
    const { user } = renderRegister();
    await user.type(field('Password'), 'a'.repeat(21));
    await user.tab();
    expect(await screen.findByText('password length must be 8 to 20')).toBeInTheDocument();
  });

  it('shows "passwords differ" while the rest of the form is still empty', async () => {
    const { user } = renderRegister();
    await user.type(field('Password'), 'Correct-Horse-1');
    await user.type(field('Confirm password'), 'Correct-Horse-2');
    await user.tab();
    expect(await screen.findByText('passwords differ')).toBeInTheDocument();
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'Correct-Horse-1');
    await waitFor(() => expect(screen.queryByText('passwords differ')).not.toBeInTheDocument());
  });

  it('checks the e-mail format on leaving the field', async () => {
    const { user } = renderRegister();
    await user.type(field('E-mail address'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid e-mail or mobile number')).toBeInTheDocument();
  });

  it('checks a mobile number against the chosen dial code', async () => {
    const { user } = renderRegister();
    await user.click(screen.getByRole('tab', { name: 'Mobile' }));
    await screen.findByRole('button', { name: /Country or region code \+90/ });
    await user.type(field('Mobile number'), '12345');
    await user.tab();
    expect(await screen.findByText('Please enter a valid e-mail or mobile number')).toBeInTheDocument();
  });

  it('requires the verification code to be 6 digits', async () => {
    const { user } = renderRegister();
    await user.type(field('Verification code'), '12a');
    await user.tab();
    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
  });

  it('refuses to submit without the user agreement and marks every empty required field', async () => {
    const { user, calls } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please read and accept the user agreement')).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(4);
    expect(calls.some((c) => c.url === 'user/register')).toBe(false);
  });

  it('links the agreement to the user agreement page', () => {
    renderRegister();
    expect(screen.getByRole('link', { name: 'User Agreement' })).toHaveAttribute('href', '/pages/index/user_agreement');
    expect(screen.getByRole('checkbox', { name: /I have read and agree to the User Agreement/ })).not.toBeChecked();
  });
});

describe('register form — submitting', () => {
  async function fillValid(user: ReturnType<typeof renderRegister>['user']) {
    await user.type(field('Verification code'), '123456');
    await user.type(field('Password'), 'Correct-Horse-1');
    await user.type(field('Confirm password'), 'Correct-Horse-1');
    await user.click(screen.getByRole('checkbox', { name: /User Agreement/ }));
  }

  it('composes the mobile into E.164 from the picked dial code and carries the share link refereeId', async () => {
    const { user, calls, host } = renderRegister({ route: '/pages/passport/register?refereeId=u-inviter-7' });
    expect(field('Invitation code (optional)')).toHaveValue('u-inviter-7');
    await user.click(screen.getByRole('tab', { name: 'Mobile' }));
    await user.click(await screen.findByRole('button', { name: /Country or region code \+90/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Choose country or region' });
    fireEvent.change(within(sheet).getByRole('searchbox', { name: 'Search country, region or code' }), {
      target: { value: '852' },
    });
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hong Kong+852']);
    // The sheet's opening animation never finishes in jsdom (pointer-events stay off): click directly.
    fireEvent.click(within(sheet).getByRole('button', { name: /Hong Kong/ }));
    expect(screen.getByRole('button', { name: /Country or region code \+852/ })).toBeInTheDocument();
    await user.type(field('Mobile number'), '5123 4567');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/passport/register-success'));
    // The verified code made the account; the answer is a session, stored through the host.
    expect(host.session.signIn).toHaveBeenCalledWith({ token: 'new-token', userId: 'u-new' });
    const sent = calls.find((c) => c.url === 'user/register');
    expect(sent?.body).toEqual({
      account: '+85251234567',
      code: '123456',
      password: 'Correct-Horse-1',
      confirmPassword: 'Correct-Horse-1',
      agreement: true,
      refereeId: 'u-inviter-7',
    });
  });

  it('puts "account exists" from the server on the account field', async () => {
    const { user, host } = renderRegister({
      routes: baseRoutes({
        'POST user/register': () => apiError('account_exists', 'This account is already registered.'),
      }),
    });
    await user.type(field('E-mail address'), 'taken@example.com');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This account is already registered.')).toBeInTheDocument();
    expect(field('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(host.navigation.redirect).not.toHaveBeenCalled();
    expect(host.session.signIn).not.toHaveBeenCalled();
  });

  it('shows a wrong code on the code field', async () => {
    const { user } = renderRegister({
      routes: baseRoutes({
        'POST user/register': () => apiError('code_invalid', 'The verification code is wrong.', { code: 422 }),
      }),
    });
    await user.type(field('E-mail address'), 'new@example.com');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The verification code is wrong.')).toBeInTheDocument();
    expect(field('Verification code')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('send-code button — 60 second countdown', () => {
  it('does not send a code for an invalid account', async () => {
    const { user, calls } = renderRegister();
    await user.type(field('E-mail address'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid e-mail or mobile number')).toBeInTheDocument();
    expect(calls.some((c) => c.url === 'user/sendCode')).toBe(false);
  });

  it('counts down from 60, disabled and showing the seconds left, then allows a resend', async () => {
    vi.useFakeTimers();
    try {
      const { calls } = renderRegister();
      fireEvent.change(field('E-mail address'), { target: { value: 'New@Example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      const counting = screen.getByRole('button', { name: `Resend in ${VERIFICATION_CODE_COUNTDOWN_SECONDS} s` });
      expect(counting).toBeDisabled();
      expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({
        account: 'new@example.com',
        purpose: 'register',
      });

      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByRole('button', { name: 'Resend in 59 s' })).toBeDisabled();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(58_000);
      });
      expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      const again = screen.getByRole('button', { name: 'Send code' });
      expect(again).toBeEnabled();
      fireEvent.click(again);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(calls.filter((c) => c.url === 'user/sendCode')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a server cool-down, counts down what the server says is left', async () => {
    vi.useFakeTimers();
    try {
      renderRegister({
        routes: baseRoutes({
          'POST user/sendCode': () =>
            apiError('code_resend_cooldown', 'Please wait 42 seconds before requesting another code.', {
              code: 429,
              data: { retryAfterSeconds: 42 },
            }),
        }),
      });
      fireEvent.change(field('E-mail address'), { target: { value: 'new@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
      expect(screen.getByText('Please wait 42 seconds before requesting another code.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
