import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, registerDataFixture, type FakeRoutes } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import ResetPasswordPage from './reset-password-page';

const routes = (extra: FakeRoutes = {}): FakeRoutes => ({
  'GET user/getRegisterData': () => registerDataFixture,
  'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
  'POST user/cacheCodeCheck': () => ({ valid: true, ticket: 'ticket-abc' }),
  'POST user/resetPassword': () => null,
  ...extra,
});
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

describe('reset password — Verification → Reset → Completion', () => {
  it('walks the three steps: code for reset_password, ticket, new password', async () => {
    const { user, calls, host } = renderWithHost(<ResetPasswordPage />, { routes: routes() });
    expect(currentStep()).toBe('Verification');
    await user.type(field('E-mail address'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in 60 s/ });
    expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({
      account: 'me@example.com',
      purpose: 'reset_password',
    });
    await user.type(field('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeInTheDocument();
    expect(currentStep()).toBe('Reset');
    expect(calls.find((c) => c.url === 'user/cacheCodeCheck')?.body).toEqual({
      account: 'me@example.com',
      purpose: 'reset_password',
      code: '654321',
    });

    await user.type(field('New password'), 'short');
    await user.tab();
    expect(await screen.findByText('password length must be 8 to 20')).toBeInTheDocument();
    await user.clear(field('New password'));
    await user.type(field('New password'), 'Brand-New-Pass-9');
    await user.type(field('Confirm password'), 'Brand-New-Pass-8');
    await user.tab();
    expect(await screen.findByText('passwords differ')).toBeInTheDocument();
    await user.clear(field('Confirm password'));
    await user.type(field('Confirm password'), 'Brand-New-Pass-9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(currentStep()).toBe('Completion');
    expect(calls.find((c) => c.url === 'user/resetPassword')?.body).toEqual({
      ticket: 'ticket-abc',
      password: 'Brand-New-Pass-9',
      confirmPassword: 'Brand-New-Pass-9',
    });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(host.navigation.relaunch).toHaveBeenCalledWith('/pages/passport/login');
  });

  it('keeps the customer on step 1 with the server message when the code is wrong', async () => {
    const { user } = renderWithHost(<ResetPasswordPage />, {
      routes: routes({
        'POST user/cacheCodeCheck': () => apiError('code_invalid', 'The verification code is wrong.', { code: 422 }),
      }),
    });
    await user.type(field('E-mail address'), 'me@example.com');
    await user.type(field('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The verification code is wrong.')).toBeInTheDocument();
    expect(currentStep()).toBe('Verification');
  });

  it('sends the customer back to verification when the ticket expired', async () => {
    const { user } = renderWithHost(<ResetPasswordPage />, {
      routes: routes({
        'POST user/resetPassword': () =>
          apiError('reset_ticket_invalid', 'The verification step has expired. Please verify again.'),
      }),
    });
    await user.type(field('E-mail address'), 'me@example.com');
    await user.type(field('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), 'Brand-New-Pass-9');
    await user.type(field('Confirm password'), 'Brand-New-Pass-9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification step has expired. Please verify again.',
    );
    await waitFor(() => expect(currentStep()).toBe('Verification'));
  });

  it('labels the steps in Arabic and lays them out right to left', () => {
    renderWithHost(<ResetPasswordPage />, { routes: routes(), locale: 'ar-AE' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('التحقق')).toBeInTheDocument();
    expect(screen.getByText('إعادة التعيين')).toBeInTheDocument();
    expect(screen.getByText('الاكتمال')).toBeInTheDocument();
  });
});
