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
        'POST user/setPayPassword': (r) => {
          body = r.body;
          return { ok: true };
        },
      },
    });
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
        'POST user/changePayPassword': () => (++attempt === 1 ? apiError('paypass_wrong', 'Wrong transaction password. 4 attempts left.') : { ok: true }),
      },
    });
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong transaction passwords. Try again in 14 minutes.');
    await user.click(screen.getByRole('button', { name: 'Forgot transaction password? Reset it with a code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await enter(user, 'Enter a new 6-digit transaction password', '909090');
    await enter(user, 'Enter the new transaction password again', '909090');
    await waitFor(() => expect(calls.find((c) => c.url === 'user/resetPayPassword')?.body).toEqual({ code: '654321', account: 'demo@cardwallet.test', password: '909090', confirmPassword: '909090' }));
    expect(calls.find((c) => c.url === 'user/sendCode')?.body).toEqual({ account: 'demo@cardwallet.test', purpose: 'paypass' });
  });
});
