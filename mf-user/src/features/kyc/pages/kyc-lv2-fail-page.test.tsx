import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusFixture } from '../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import KycLv2FailPage from './kyc-lv2-fail-page';

describe('kyc-lv2-fail', () => {
  it('RETRY: shows the moderation comment and goes through the provider flow again', async () => {
    let retried = 0;
    const { user, host } = renderWithHost(<KycLv2FailPage />, {
      loggedIn: true,
      routes: {
        'GET kyc/status': () =>
          statusFixture({
            level: 1,
            level2: {
              state: 'failed',
              rejectType: 'RETRY',
              canRetry: true,
              moderationComment: 'Please take a clearer selfie.',
            },
          }),
        'POST kyc/level2/retry': () => {
          retried++;
          return { ok: true };
        },
      },
    });
    expect(await screen.findByText('Please take a clearer selfie.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/kyc-lv2-sumsub'));
    expect(retried).toBe(1);
  });

  it('FINAL: no retry, customer service instead', async () => {
    renderWithHost(<KycLv2FailPage />, {
      loggedIn: true,
      routes: {
        'GET kyc/status': () =>
          statusFixture({
            level: 1,
            level2: {
              state: 'failed',
              rejectType: 'FINAL',
              canRetry: false,
              moderationComment: 'Document reported stolen.',
            },
          }),
      },
    });
    expect(await screen.findByText('Document reported stolen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact customer service' })).toBeInTheDocument();
  });
});
