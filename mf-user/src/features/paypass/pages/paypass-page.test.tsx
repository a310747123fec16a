import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError, profileFixture } from '../../../testing/fake-host';
import PaypassPage from './paypass-page';

const enter = async (user: ReturnType<typeof renderWithHost>['user'], name: string, digits: string) => {
  await user.click(await screen.findByRole('button', { name }));
  await user.keyboard(digits);
};

describe('transaction password', () => {
  it('sets it: six digits twice, then returns to ?redirect', async () => {
    let body: unknown;
    const { user, host } = renderWithHost(<PaypassPage />, {
      loggedIn: true,
      route: '/?redirect=%2Fpages%2Fwallet%2Fwithdraw%3Fcurrency%3DUSDT',
      routes: {
        'GET user/info': () => profileFixture,
        'GET user/payPasswordStatus': () => ({ isSet: false, lockedForMinutes: 0 }),
        'POST user/stepUp': (r) =>
          (r.body as { proof: { password: string } }).proof.password === 'Demo1234!'
            ? { expiresInSeconds: 300 }
            : apiError('invalid_credentials', 'Wrong account or password.'),
        'POST user/setPayPassword': (r) => {
          body = r.body;
          return { ok: true };
        },
      },
    });
    // A fresh proof first (issue 22): a wrong login password is shown next to the field.
    expect(await screen.findByRole('heading', { name: 'First, confirm it is you' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Login password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Wrong account or password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Login password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Login password'));
    await user.type(screen.getByLabelText('Login password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await enter(user, 'Enter a new 6-digit transaction password', '135790');
    await enter(user, 'Enter the new transaction password again', '135791');
    expect(await screen.findByRole('alert')).toHaveTextContent('The two entries differ');
    await enter(user, 'Enter a new 6-digit transaction password', '135790');
    await enter(user, 'Enter the new transaction password again', '135790');
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/wallet/withdraw?currency=USDT'));
    expect(body).toEqual({ password: '135790', confirmPassword: '135790' });
  });

  it('changes it: a wrong old password says how many tries are left and asks again', async () => {
    let attempt = 0;
    const { user, host } = renderWithHost(<PaypassPage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => ({ ...profileFixture, hasPayPassword: true }),
        'GET user/payPasswordStatus': () => ({ isSet: true, lockedForMinutes: 0 }),
        'POST user/stepUp': () => ({ expiresInSeconds: 300 }),
        'POST user/changePayPassword': () =>
          ++attempt === 1 ? apiError('paypass_wrong', 'Wrong transaction password. 4 attempts left.') : { ok: true },
      },
    });
    await user.type(await screen.findByLabelText('Login password'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await enter(user, 'Enter your current transaction password', '111111');
    await enter(user, 'Enter a new 6-digit transaction password', '222222');
    await enter(user, 'Enter the new transaction password again', '222222');
    expect(await screen.findByRole('alert')).toHaveTextContent('4 attempts left');
    await enter(user, 'Enter your current transaction password', '123456');
    await enter(user, 'Enter a new 6-digit transaction password', '222222');
    await enter(user, 'Enter the new transaction password again', '222222');
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
  });

  it('locked after 5 wrong tries: says for how long and offers the reset by code', async () => {
    const { user, calls } = renderWithHost(<PaypassPage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => ({ ...profileFixture, hasPayPassword: true }),
        'GET user/payPasswordStatus': () => ({ isSet: true, lockedForMinutes: 14 }),
        'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
        'POST user/resetPayPassword': () => ({ ok: true }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong transaction passwords. Try again in 14 minutes.',
    );
    await user.click(screen.getByRole('button', { name: 'Forgot transaction password? Reset it with a code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await enter(user, 'Enter a new 6-digit transaction password', '909090');
    await enter(user, 'Enter the new transaction password again', '909090');
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'user/resetPayPassword')?.body).toEqual({
        code: '654321',
        account: 'demo@cardwallet.test',
        password: '909090',
        confirmPassword: '909090',
      }),
    );
    expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({
      account: 'demo@cardwallet.test',
      purpose: 'paypass',
    });
  });

  it('proves it with a code to a bound channel instead; a channel bound too recently is refused next to the code', async () => {
    let n = 0;
    const { user, calls } = renderWithHost(<PaypassPage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => ({ ...profileFixture, mobile: '+905321234567' }),
        'GET user/payPasswordStatus': () => ({ isSet: false, lockedForMinutes: 0 }),
        'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
        'POST user/stepUp': () =>
          ++n === 1
            ? apiError(
                'step_up_channel_too_new',
                'This e-mail or mobile was added less than 24 hours ago and cannot be used for this yet.',
              )
            : { expiresInSeconds: 300 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Use a verification code instead' }));
    await user.click(screen.getByRole('radio', { name: '+90532****567' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({
        account: '+905321234567',
        purpose: 'rebind',
      }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/added less than 24 hours ago/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.url === 'user/stepUp')?.body).toEqual({
      purpose: 'paypass',
      proof: { kind: 'code', account: '+905321234567', code: '123456' },
    });
    await user.click(screen.getByRole('radio', { name: 'de***@cardwallet.test' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Enter a new 6-digit transaction password' })).toBeInTheDocument();
  });
});
