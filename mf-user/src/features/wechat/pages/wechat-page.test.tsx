import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { profileFixture } from '../../../testing/fake-host';
import WechatPage from './wechat-page';

const bound = { bound: true, nickname: 'Ada', boundAt: '2026-11-20T10:00:00.000Z', sources: ['web'] };

describe('bound WeChat (issue 27)', () => {
  it('shows the bound WeChat; removing it asks for the login password first (step-up wechat_unbind), then unbinds once', async () => {
    let state = bound;
    const { user, host, calls } = renderWithHost(<WechatPage />, {
      loggedIn: true,
      locale: 'en-US',
      routes: {
        'GET user/info': () => profileFixture,
        'GET user/wechat': () => state,
        'POST user/stepUp': () => ({ expiresInSeconds: 300 }),
        'POST user/wechat/unbind': () => {
          state = { bound: false, nickname: null, boundAt: null, sources: [] } as never;
          return { removed: 1 };
        },
      },
    });
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove WeChat' }));
    await user.type(await screen.findByLabelText('Login password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(host.toast.show).toHaveBeenCalledWith('WeChat removed', { icon: 'success' }));
    expect(calls.find((c) => c.url === 'user/stepUp')!.body).toEqual({
      purpose: 'wechat_unbind',
      proof: { kind: 'password', password: 'Passw0rd!' },
    });
    expect(calls.filter((c) => c.url === 'user/wechat/unbind')).toHaveLength(1);
    expect(await screen.findByText(/No WeChat account is linked/)).toBeInTheDocument();
  });

  it('says when nothing is linked', async () => {
    renderWithHost(<WechatPage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => profileFixture,
        'GET user/wechat': () => ({ bound: false, nickname: null, boundAt: null, sources: [] }),
      },
    });
    expect(await screen.findByText(/No WeChat account is linked/)).toBeInTheDocument();
  });
});
