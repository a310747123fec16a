import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import InvitationPage from './invitation-page';

const inviter = { displayName: 'de***', inviteCode: 'K7M2PQ9X' };

describe('invitation landing page', () => {
  it('shows who invited you and carries the code into register', async () => {
    const { user, host, calls } = renderWithHost(<InvitationPage />, {
      route: '/pages/passport/invitation?refereeId=k7m2pq9x',
      routes: { 'GET user/inviter': () => inviter },
    });
    expect(await screen.findByRole('heading', { name: 'de*** invited you' })).toBeInTheDocument();
    expect(calls[0]?.params).toEqual({ refereeId: 'k7m2pq9x' });
    expect(screen.getByText('K7M2PQ9X')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation and register' }));
    // The readable code the page shows travels on.
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/passport/register?refereeId=K7M2PQ9X');
  });

  it('a link with a user id: the name only (the API does not reveal the code), the id travels on', async () => {
    const { user, host } = renderWithHost(<InvitationPage />, {
      route: '/pages/passport/invitation?refereeId=42',
      routes: { 'GET user/inviter': () => ({ displayName: '***67' }) },
    });
    expect(await screen.findByRole('heading', { name: '***67 invited you' })).toBeInTheDocument();
    expect(screen.queryByText('Invitation code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation and register' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/passport/register?refereeId=42');
  });

  it('explains an unknown inviter and still offers registration', async () => {
    const { user, host } = renderWithHost(<InvitationPage />, {
      route: '/pages/passport/invitation?refereeId=nobody',
      routes: {
        'GET user/inviter': () => apiError('referee_not_found', 'The invitation code does not exist.', { code: 404 }),
      },
    });
    expect(await screen.findByText('The invitation code does not exist.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register without an invitation' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/passport/register');
  });

  it('handles a link without refereeId without calling the API', () => {
    const { calls } = renderWithHost(<InvitationPage />, { route: '/pages/passport/invitation', routes: {} });
    expect(screen.getByText('This invitation link is incomplete')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
