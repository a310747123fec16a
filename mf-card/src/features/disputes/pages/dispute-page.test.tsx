import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import { disputeFixture } from '../testing/dispute-fixture';
import DisputeListPage from './dispute-list-page';
import DisputePage from './dispute-page';

describe('dispute pages', () => {
  // The confirmation dialogs render into their own React 19 root, as app.tsx wires it.
  const roots = new WeakMap<Element | DocumentFragment, ReturnType<typeof createRoot>>();
  beforeAll(() => {
    unstableSetRender((node, container) => {
      const root = roots.get(container) ?? createRoot(container);
      roots.set(container, root);
      root.render(node);
      return async () => {
        root.unmount();
        roots.delete(container);
      };
    });
  });

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

  it('a lost dispute whose credit was spent says what is still owed and that top-ups pay it back', async () => {
    renderWithHost(<DisputePage />, {
      loggedIn: true,
      route: '/pages/card/dispute?id=d1',
      routes: {
        'GET card/dispute/detail': () =>
          disputeFixture({
            reason: 'duplicate',
            status: 'lost',
            credited: '40.00',
            reversed: '5.00',
            shortfall: '35.00',
            recovered: '20.00',
          }),
      },
    });
    // Amounts inside sentences are bidi-isolated (FSI … PDI): read the text without the marks.
    const owed = (await screen.findByText('Still owed')).nextElementSibling!.textContent!.replace(
      /[\u2068\u2069]/g,
      '',
    );
    expect(owed).toContain('$15.00');
    expect(owed).toContain('$35.00 of the credit had already been spent');
    expect(owed).toContain('Paid back from top-ups: $20.00');
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

  it('a fraud dispute offers to freeze the card and replace it in the same flow (confirmed, one key, new card shown)', async () => {
    const { user, calls, host } = renderWithHost(<DisputePage />, {
      loggedIn: true,
      route: '/pages/card/dispute?id=d1',
      routes: {
        'GET card/dispute/detail': () => disputeFixture({ reason: 'fraud' }),
        'GET card/detail': () => cardFixture({ id: 'c1', status: 'active' }),
        'POST card/freeze': () => cardFixture({ id: 'c1', status: 'frozen' }),
        'POST card/replace': () => ({
          ...cardFixture({ id: 'c2', status: 'active', maskedNumber: '•••• 9876', last4: '9876' }),
          replacesCardId: 'c1',
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Freeze card' }));
    expect(calls.some((c) => c.url === 'card/freeze')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Order a replacement card' }));
    // The confirmation says what happens before anything moves.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Replace this card?');
    expect(dialog).toHaveTextContent('Free of charge');
    expect(calls.some((c) => c.url === 'card/replace')).toBe(false);
    // (fireEvent: the dialog is still fading in, pointer-events none, for user-event.)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByText(/Your new card \u2068•••• 9876\u2069 is ready/)).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === 'card/replace');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ cardId: 'c1' });
    await user.click(screen.getByRole('button', { name: 'Go to my cards' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/index');
  });

  it('a dispute that moved to a replacement card says so instead of offering the fraud steps again', async () => {
    renderWithHost(<DisputePage />, {
      loggedIn: true,
      route: '/pages/card/dispute?id=d1',
      routes: {
        'GET card/dispute/detail': () =>
          disputeFixture({ reason: 'fraud', cardId: 'c2', maskedNumber: '•••• 9876', replacedCardId: 'c1' }),
      },
    });
    expect(await screen.findByText(/continues on your new card \u2068•••• 9876\u2069/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to my cards' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order a replacement card' })).toBeNull();
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
