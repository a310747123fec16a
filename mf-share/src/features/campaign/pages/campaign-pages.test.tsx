import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { campaignFixture } from '../../../testing/fixtures';
import ActivityPage from './activity-page';
import RankingPage from './ranking-page';

describe('campaign pages', () => {
  it('activity: rules, dates and progress of the running campaign', async () => {
    renderWithHost(<ActivityPage />, {
      loggedIn: true,
      routes: { 'GET referral/campaign': () => ({ campaign: campaignFixture() }) },
    });
    expect(await screen.findByRole('heading', { name: 'Invite 5 friends, earn 20 USD' })).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 of 5 friends');
    expect(screen.getByText('When 5 friends count, $20.00 is paid into your USD wallet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite friends' })).toBeInTheDocument();
  });

  it('activity: a paid bonus says so; no campaign says what still earns', async () => {
    const { unmount } = renderWithHost(<ActivityPage />, {
      loggedIn: true,
      routes: {
        'GET referral/campaign': () => ({
          campaign: campaignFixture({ progress: 5, awardedAt: '2026-11-22T08:00:00.000Z' }),
        }),
      },
    });
    expect(await screen.findByText(/Goal reached — \$20\.00 was paid/)).toBeInTheDocument();
    unmount();
    renderWithHost(<ActivityPage />, {
      loggedIn: true,
      routes: { 'GET referral/campaign': () => ({ campaign: null }) },
    });
    expect(await screen.findByText('No campaign right now')).toBeInTheDocument();
  });

  it('ranking: masked top inviters and the customer’s own place', async () => {
    renderWithHost(<RankingPage />, {
      loggedIn: true,
      routes: {
        'GET referral/ranking': () => ({
          month: '2026-11',
          entries: [
            { rank: 1, displayName: 'ma***@example.com', invited: 9, me: false },
            { rank: 2, displayName: 'de***@cardwallet.test', invited: 4, me: true },
          ],
          mine: { rank: 2, invited: 4 },
        }),
      },
    });
    expect(await screen.findByText('ma***@example.com')).toBeInTheDocument();
    expect(screen.getByText('Your rank in November 2026')).toBeInTheDocument();
    expect(screen.getByText('#2')).toBeInTheDocument();
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(screen.getAllByText('Friends invited: 4')).toHaveLength(2);
  });
});
