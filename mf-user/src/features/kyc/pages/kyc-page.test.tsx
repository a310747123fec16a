import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusFixture } from '../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import KycPage from './kyc-page';

describe('kyc overview', () => {
  it('shows the level, each state with its reason, and what each level unlocks', async () => {
    const { user, host } = renderWithHost(<KycPage />, {
      loggedIn: true,
      routes: {
        'GET kyc/status': () =>
          statusFixture({
            level1: {
              state: 'failed',
              reason: 'The document number or name is wrong.',
              reasonKey: 'kyc_document_mismatch',
            },
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your verification level: 0' })).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The document number or name is wrong.');
    expect(screen.getByText('Unlocks virtual cards, card activation, top-ups and transfers.')).toBeInTheDocument();
    expect(screen.getByText('Unlocks physical cards.')).toBeInTheDocument();
    expect(screen.getByText('Complete level 1 first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Correct and resubmit' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/user/kyc-lv1');
  });

  it('shows a pending level 2 without an action, in Arabic', async () => {
    renderWithHost(<KycPage />, {
      loggedIn: true,
      locale: 'ar-AE',
      routes: {
        'GET kyc/status': () =>
          statusFixture({ level: 1, level1: { state: 'verified' }, level2: { state: 'pending' } }),
      },
    });
    expect(await screen.findByText('قيد المراجعة')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('مستنداتك قيد المراجعة');
    expect(screen.queryByRole('button', { name: 'التحقق من المستوى 2' })).not.toBeInTheDocument();
  });

  it('shows a decision as it happens: a kyc.* live event refreshes the page, other events do not', async () => {
    let decided = false;
    const { emitLive, calls } = renderWithHost(<KycPage />, {
      loggedIn: true,
      routes: {
        'GET kyc/status': () =>
          statusFixture(
            decided
              ? { level: 2, level1: { state: 'verified' }, level2: { state: 'verified' } }
              : { level: 1, level1: { state: 'verified' }, level2: { state: 'pending' } },
          ),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your verification level: 1' })).toBeInTheDocument();
    const asked = () => calls.filter((c) => c.url === 'kyc/status').length;
    const before = asked();
    act(() => emitLive({ id: '1', type: 'wallet.deposit_credited' }));
    expect(asked()).toBe(before);
    decided = true;
    act(() => emitLive({ id: '2', type: 'kyc.level2_approved' }));
    expect(await screen.findByRole('heading', { name: 'Your verification level: 2' })).toBeInTheDocument();
  });
});
