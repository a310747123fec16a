import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../testing';
import HomePage from './home-page';
import homeEnUS from './i18n/en-US.json';
import homeZhHK from './i18n/zh-HK.json';
import homeArAE from './i18n/ar-AE.json';
import homeTrTR from './i18n/tr-TR.json';
import { signedInTextLoaders } from './i18n/signed-in';
import { newsResources } from '../news/i18n';
import { resetServerTotalForTests, serverTotal } from './server-total';
import { DRAWN_TOTAL, withDrawnTotal } from './server-total.fixture';

afterEach(cleanup);
let removeDrawnTotal = () => undefined as void;
afterEach(() => {
  removeDrawnTotal();
  removeDrawnTotal = () => undefined;
  resetServerTotalForTests();
});
// The page's parts arrive in several lazy steps (chunk, texts, queries): slow on a busy CI machine.
configure({ asyncUtilTimeout: 5000 });

const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 15, total: data.length });
const announcement = (id: number, title: string, read = false) => ({
  id: String(id),
  kind: 'announcement',
  title,
  summary: `${title} summary`,
  pinned: false,
  publishedAt: new Date().toISOString(),
  read,
});

function signedInRoutes(state: { totalUsd: string; unread: number }) {
  return {
    'GET wallet/balances': () => ({ balances: [], totalUsd: state.totalUsd, cardFunding: '50.10' }),
    'GET card/list': () => ({
      cards: [
        {
          id: 'c1',
          type: 'virtual',
          brand: 'visa',
          tier: 'standard',
          status: 'active',
          maskedNumber: '•••• 4242',
          balance: '0.20',
          currency: 'USD',
        },
        {
          id: 'c2',
          type: 'physical',
          brand: 'mastercard',
          tier: 'premium',
          status: 'inactivated',
          maskedNumber: '•••• 5555',
          balance: '0.10',
          currency: 'USD',
        },
      ],
    }),
    'GET notifications/unreadCount': () => ({ messages: state.unread }),
    'GET content/announcements/unreadCount': () => ({ announcements: 1 }),
    'GET content/announcements': () =>
      page([announcement(11, '3DS in July'), announcement(12, 'New card designs', true)]),
    'GET content/articles': () =>
      page([
        {
          id: '21',
          kind: 'news',
          title: 'Mastercard premium is here',
          summary: '',
          pinned: false,
          publishedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
        },
      ]),
  };
}

// Generous: the first render imports the page's chunks, slow on a busy 2-core CI machine.
describe('home page', { timeout: 20_000 }, () => {
  it('signed out: what the product offers, log in / register and the 3DS tip — no API call', async () => {
    const { calls, host } = renderPage(<HomePage />, {}, '/', { loggedIn: false });
    expect(screen.getByRole('heading', { level: 1, name: 'CardWallet' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'What CardWallet offers' })).toBeVisible();
    expect(screen.getByText(/3DS: online card payments are confirmed in the app/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/pages/passport/register');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in' }));
    expect(host.session.requireLogin).toHaveBeenCalledWith({ returnTo: '/pages/index/index', mode: 'redirect' });
    expect(calls).toEqual([]);
  });

  it('signed in: total balance summed exactly in USD, cards, unread counts, banner and news; live events refresh', async () => {
    const state = { totalUsd: '100.30', unread: 2 };
    const { emit } = renderPage(<HomePage />, signedInRoutes(state));
    // 100.30 + 50.10 + 0.20 + 0.10 — as floats this would be 150.70000000000002.
    expect(await screen.findByTestId('home-total-balance', {}, { timeout: 5000 })).toHaveTextContent('$150.70');
    expect(screen.getByTestId('home-total-balance')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: /^Visa\s*virtual card\s*•••• 4242\s*Active\s*\$0\.20$/ })).toHaveAttribute(
      'href',
      '/pages/card/index',
    );
    expect(screen.getByRole('link', { name: /^Mastercard\s*physical card\s*•••• 5555\s*Not activated/ })).toBeVisible();
    expect(await screen.findByRole('link', { name: /2 unread messages/ })).toHaveAttribute(
      'href',
      '/pages/index/information',
    );
    expect(screen.getByRole('link', { name: /1 unread announcement/ })).toHaveAttribute(
      'href',
      '/pages/index/information?tab=announcement',
    );
    const news = await screen.findByRole('link', { name: /Mastercard premium is here/ });
    expect(news).toHaveAttribute('href', '/pages/index/news-detail?id=21');
    expect(news).toHaveTextContent('3 hours ago');

    state.totalUsd = '200.30';
    state.unread = 3;
    act(() => emit({ id: 'e1', type: 'wallet.deposit_credited' }));
    expect(await screen.findByText('$250.70')).toBeVisible();
    // The message about the deposit is its own event (the notifications consumer announces it).
    expect(screen.getByRole('link', { name: /2 unread messages/ })).toBeVisible();
    act(() => emit({ id: 'message-1', type: 'notifications.message_created' }));
    expect(await screen.findByRole('link', { name: /3 unread messages/ })).toBeVisible();
  });

  it('signed in: the total the HTML drew stays on screen (busy) until the page has its own, then is dropped for good', async () => {
    removeDrawnTotal = withDrawnTotal(DRAWN_TOTAL);
    let answerBalances: (value: unknown) => void = () => undefined;
    const balances = new Promise((resolve) => (answerBalances = resolve));
    renderPage(<HomePage />, {
      ...signedInRoutes({ totalUsd: '100.30', unread: 0 }),
      'GET wallet/balances': () => balances,
    });
    // At once (the signed-in texts and chunk still loading) and while the balances are asked for.
    const card = screen.getByRole('region', { name: 'Total balance' });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('home-total-balance')).toHaveTextContent('$1,100.05');
    expect(within(card).getByText('Cards').nextElementSibling).toHaveTextContent('$99.75');
    expect(await screen.findByRole('link', { name: /Visa\s*virtual card/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('home-total-balance')).toHaveTextContent('$1,100.05');
    expect(screen.queryByTestId('home-balance-skeleton')).toBeNull();
    await act(async () => answerBalances({ balances: [], totalUsd: '100.30', cardFunding: '50.10' }));
    expect(await screen.findByText('$150.70')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Total balance' })).not.toHaveAttribute('aria-busy');
    expect(serverTotal()).toBeUndefined();
  });

  it('signed out: a total drawn for a session is dropped, never shown', () => {
    removeDrawnTotal = withDrawnTotal(DRAWN_TOTAL);
    renderPage(<HomePage />, {}, '/', { loggedIn: false });
    expect(screen.queryByText('$1,100.05')).toBeNull();
    expect(serverTotal()).toBeUndefined();
  });

  it('the announcement banner moves by button and by swipe, showing one focusable slide at a time', async () => {
    renderPage(<HomePage />, signedInRoutes({ totalUsd: '0.00', unread: 0 }));
    const banner = await screen.findByRole('region', { name: 'Announcements' }, { timeout: 5000 });
    const track = within(banner).getByTestId('home-banner-track');
    expect(track).toHaveAttribute('data-index', '0');
    expect(track.style.transitionDuration).toBe('300ms');
    expect(within(banner).getByRole('link', { name: /3DS in July/ })).toBeVisible();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Next announcement' }));
    expect(track).toHaveAttribute('data-index', '1');
    expect(within(banner).getByRole('button', { name: 'Show announcement 2' })).toHaveAttribute('aria-current', 'true');
    // A swipe to the right goes back (left to right).
    const viewport = track.parentElement!;
    fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 50, clientY: 10 });
    fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 150, clientY: 12 });
    fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 150, clientY: 12 });
    expect(track).toHaveAttribute('data-index', '0');
  });

  it('an empty customer is told what to do', async () => {
    renderPage(<HomePage />, {
      ...signedInRoutes({ totalUsd: '0.00', unread: 0 }),
      'GET card/list': () => ({ cards: [] }),
      'GET content/articles': () => page([]),
    });
    expect(await screen.findByText(/You have no card yet/, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Apply for a card' }).map((a) => a.getAttribute('href'))).toEqual([
      '/pages/card/apply',
      '/pages/card/apply',
    ]);
    expect(await screen.findByText('No news yet.')).toBeVisible();
    expect(await screen.findByRole('link', { name: /No unread messages/ })).toBeVisible();
  });
});

describe('home and news texts', async () => {
  const homeResources: Record<string, Record<string, string>> = {
    'en-US': homeEnUS,
    'zh-HK': homeZhHK,
    'ar-AE': homeArAE,
    'tr-TR': homeTrTR,
  };
  const signedInHomeResources = Object.fromEntries(
    await Promise.all(
      Object.entries(signedInTextLoaders).map(async ([locale, load]) => [locale, (await load()).default]),
    ),
  ) as typeof homeResources;
  const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
  for (const [name, resources] of Object.entries({
    home: homeResources,
    homeAccount: signedInHomeResources,
    news: newsResources,
  })) {
    it(`${name}: every locale has every text, translated`, () => {
      const english = new Set(Object.keys(resources['en-US']).map(base));
      for (const [locale, texts] of Object.entries(resources)) {
        expect(new Set(Object.keys(texts).map(base)), locale).toEqual(english);
        if (locale !== 'en-US') {
          const same = Object.entries(texts).filter(
            ([k, v]) => (resources['en-US'] as Record<string, string>)[k] === v,
          );
          expect(same, locale).toEqual([]);
        }
      }
    });
  }
});
