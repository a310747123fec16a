import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import { disputeFixture } from '../testing/dispute-fixture';
import DisputeListPage from './dispute-list-page';
import DisputePage from './dispute-page';

describe('dispute pages', () => {
  it('shows the timeline and follows the issuer live', async () => {
    let status: 'under_review' | 'lost' = 'under_review';
    const { emitLive } = renderWithHost(<DisputePage />, {
      loggedIn: true,
      route: '/pages/card/dispute?id=d1',
      routes: {
        'GET card/dispute/detail': () =>
          status === 'under_review'
            ? disputeFixture({
                reason: 'wrong_amount',
                status,
                timeline: [
                  { status: 'submitted', at: '2026-11-24T10:00:00.000Z', amount: null, reason: null },
                  { status: 'under_review', at: '2026-11-24T11:00:00.000Z', amount: null, reason: null },
                ],
              })
            : disputeFixture({
                reason: 'wrong_amount',
                status,
                credited: '20.00',
                reversed: '20.00',
                outcomeReason: 'Delivered',
                timeline: [
                  { status: 'submitted', at: '2026-11-24T10:00:00.000Z', amount: null, reason: null },
                  { status: 'under_review', at: '2026-11-24T11:00:00.000Z', amount: null, reason: null },
                  { status: 'provisional_credit', at: '2026-11-24T12:00:00.000Z', amount: '20.00', reason: null },
                  { status: 'lost', at: '2026-11-24T13:00:00.000Z', amount: '20.00', reason: 'Delivered' },
                ],
              }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Dispute: Gadget Shop' })).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Progress' });
    expect(timeline).toHaveTextContent('Under review');
    expect(timeline).toHaveTextContent('Decision');
    status = 'lost';
    emitLive({ id: '1', type: 'cards.dispute_lost' });
    expect(await screen.findByText(/Reason: Delivered/)).toBeInTheDocument();
  });

  it('shows the evidence images as thumbnails, fetched through the owner-only upload route', async () => {
    const { host } = renderWithHost(<DisputePage />, {
      loggedIn: true,
      route: '/pages/card/dispute?id=d1',
      routes: {
        'GET card/dispute/detail': () =>
          disputeFixture({
            evidence: [
              { id: 'img1', url: 'upload/image/img1' },
              { id: 'img2', url: 'upload/image/img2' },
            ],
          }),
      },
    });
    const fetched: string[] = [];
    host.http.download = (url: string) => {
      fetched.push(url);
      return url.endsWith('img2')
        ? Promise.reject(new Error('not_found'))
        : Promise.resolve(new Blob(['png'], { type: 'image/png' }));
    };
    const img = await screen.findByRole('img', { name: 'Evidence image 1 of 2' });
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(await screen.findByText('This image could not be loaded.')).toBeInTheDocument();
    expect(fetched.sort()).toEqual(['upload/image/img1', 'upload/image/img2']);
  });

  it('a fraud dispute offers to freeze the card and order a replacement', async () => {
    const { user, calls, host } = renderWithHost(<DisputePage />, {
      loggedIn: true,
      route: '/pages/card/dispute?id=d1',
      routes: {
        'GET card/dispute/detail': () => disputeFixture({ reason: 'fraud' }),
        'GET card/detail': () => cardFixture({ id: 'c1', status: 'active' }),
        'POST card/freeze': () => cardFixture({ id: 'c1', status: 'frozen' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Freeze card' }));
    expect(calls.some((c) => c.url === 'card/freeze')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Order a replacement card' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/apply');
  });

  it('the card’s disputes, and an empty state', async () => {
    renderWithHost(<DisputeListPage />, {
      loggedIn: true,
      route: '/pages/card/disputes?cardId=c1',
      routes: {
        'GET card/dispute/list': () => ({
          data: [disputeFixture()],
          current_page: 1,
          last_page: 1,
          per_page: 100,
          total: 1,
        }),
      },
    });
    expect(await screen.findByRole('button', { name: /Gadget Shop/ })).toBeInTheDocument();
  });
});
