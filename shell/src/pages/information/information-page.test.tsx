import '@testing-library/jest-dom/vitest';
import { screen, waitFor, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cardwallet/shared';
import { renderPage } from '../testing';
import InformationPage from './information-page';
import InformationDetailPage from './information-detail-page';
import { relativeTime } from './relative-time';

afterEach(cleanup);

const message = (id: number, read = false, minutesAgo = 1) => ({
  id: String(id),
  category: 'wallet',
  title: `Deposit credited ${id}`,
  body: `${id} USDT (TRC20) has been credited to your wallet.`,
  link: '/pages/wallet/cash-flow',
  read,
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

describe('message centre', () => {
  it('lists messages with unread state and relative time, opens one, marks all read', async () => {
    let unread = 1;
    const { host, calls } = renderPage(<InformationPage />, {
      'GET notifications/messages': () => ({
        data: [message(2), message(1, true, 90)],
        current_page: 1,
        last_page: 1,
        per_page: 15,
        total: 2,
      }),
      'GET notifications/unreadCount': () => ({ messages: unread }),
      'GET content/announcements/unreadCount': () => ({ announcements: 0 }),
      'POST notifications/readAll': () => {
        unread = 0;
        return { updated: 1 };
      },
    });
    const first = await screen.findByRole('button', { name: /^Unread\W+Deposit credited 2/ });
    expect(first).toHaveTextContent('just now');
    expect(screen.getByRole('button', { name: (n) => n.startsWith('Deposit credited 1') })).toHaveTextContent(
      '1 hour ago',
    );
    expect(await screen.findByText('1 unread')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(first);
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/index/information-detail?id=2');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All caught up')).toBeTruthy();
    expect(calls).toContain('POST notifications/readAll');
    expect(host.toast.show).toHaveBeenCalledWith('All messages marked as read', { icon: 'success' });
  });

  it('says what to expect when there are no messages, and refetches on a live event', async () => {
    let list = [] as ReturnType<typeof message>[];
    const { emit } = renderPage(<InformationPage />, {
      'GET notifications/messages': () => ({
        data: list,
        current_page: 1,
        last_page: 1,
        per_page: 15,
        total: list.length,
      }),
      'GET notifications/unreadCount': () => ({ messages: list.length }),
      'GET content/announcements/unreadCount': () => ({ announcements: 0 }),
    });
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    list = [message(9)];
    emit({ id: 'message-9', type: 'notifications.message_created' });
    expect(await screen.findByRole('button', { name: /Deposit credited 9/ })).toBeTruthy();
  });

  it('detail: shows the message and its link; a stranger\'s or missing one "does not exist or is not open"', async () => {
    const { host } = renderPage(
      <InformationDetailPage />,
      { 'GET notifications/message': () => message(5) },
      '/pages/index/information-detail?id=5',
    );
    expect(await screen.findByRole('heading', { name: 'Deposit credited 5' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'View details' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/wallet/cash-flow');
    cleanup();
    renderPage(
      <InformationDetailPage />,
      {
        'GET notifications/message': () =>
          new ApiError('The message does not exist or is not open.', 200, 404, 'message_not_found'),
      },
      '/pages/index/information-detail?id=6',
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The message does not exist or is not open.'),
    );
    cleanup();
    renderPage(<InformationDetailPage />, {}, '/pages/index/information-detail?id=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('The message does not exist or is not open.');
  });
});

describe('announcements tab', () => {
  it('shows pinned-first announcements with their unread count and opens one', async () => {
    const { host } = renderPage(
      <InformationPage />,
      {
        'GET notifications/unreadCount': () => ({ messages: 3 }),
        'GET content/announcements/unreadCount': () => ({ announcements: 1 }),
        'GET content/announcements': () => ({
          data: [
            {
              id: '11',
              kind: 'announcement',
              title: '3DS verification is coming in July',
              summary: 'Online card payments…',
              pinned: true,
              publishedAt: new Date().toISOString(),
              read: false,
            },
            {
              id: '10',
              kind: 'announcement',
              title: 'Maintenance',
              summary: 'Sunday',
              pinned: false,
              publishedAt: new Date(Date.now() - 2 * 86400_000).toISOString(),
              read: true,
            },
          ],
          current_page: 1,
          last_page: 1,
          per_page: 15,
          total: 2,
        }),
      },
      '/pages/index/information?tab=announcement',
    );
    expect(await screen.findByRole('tab', { name: /Announcements\W*1/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Messages\W*3/ })).toBeTruthy();
    const pinned = await screen.findByRole('button', { name: /^Unread\W+Pinned\W*3DS verification/ });
    expect(screen.getByRole('button', { name: (n) => n.startsWith('Maintenance') })).toHaveTextContent('2 days ago');
    await userEvent.setup().click(pinned);
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/index/information-detail?type=announcement&id=11');
  });
});

describe('relative time (spec §9)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('just now under 5 minutes, then minutes, hours, days under 30, then the date', () => {
    expect(relativeTime(ago(4 * 60_000 + 59_000), 'en-US', 'just now', now)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), 'en-US', 'just now', now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600_000), 'en-US', 'just now', now)).toBe('3 hours ago');
    expect(relativeTime(ago(29 * 86400_000), 'en-US', 'just now', now)).toBe('29 days ago');
    expect(relativeTime(ago(30 * 86400_000), 'en-US', 'just now', now)).toBe('Oct 24, 2026');
    expect(relativeTime(ago(2 * 3600_000), 'tr-TR', 'az önce', now)).toBe('2 saat önce');
  });
});
