import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { friend, page } from '../../../testing/fixtures';
import MyFriendPage from './my-friend-page';

describe('my friends', () => {
  it('lists level-1 friends masked with registration, cards and recharge total; the level-2 tab asks the API', async () => {
    const { user, calls } = renderWithHost(<MyFriendPage />, {
      loggedIn: true,
      routes: {
        'GET referral/friends': ({ params }) =>
          params?.level === 2
            ? page([friend(1, 2)])
            : page(
                Array.from({ length: 15 }, (_, i) => friend(i + 1)),
                Number(params?.page ?? 1),
                2,
                16,
              ),
      },
    });
    expect(await screen.findByText('f1-1***@example.com')).toBeInTheDocument();
    expect(screen.getByText('Friends: 16')).toBeInTheDocument();
    expect(screen.getAllByText('Registered')).toHaveLength(15);
    expect(calls[0]?.params).toEqual({ level: 1, page: 1 });
    await user.click(screen.getByRole('tab', { name: 'Level 2' }));
    expect(await screen.findByText('f2-1***@example.com')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => (c.params as { level: number }).level === 2)).toBe(true));
  });

  it('says how to get friends when there are none', async () => {
    renderWithHost(<MyFriendPage />, { loggedIn: true, routes: { 'GET referral/friends': () => page([]) } });
    expect(await screen.findByText('No friends here yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '/pages/share/index');
  });
});
