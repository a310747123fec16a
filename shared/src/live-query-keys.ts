/**
 * The query keys of what a customer's money figures are read from, and which of them each domain
 * event on the live stream (docs/api.md "Live updates") makes stale. The one mapping from events
 * to the shared query cache: every app names these queries with these constants (a key is a
 * prefix — `[...QUERY_KEYS.cardDetail, cardId]`), and the shell invalidates the mapped keys on
 * each event. Its own entry point, not the package root: the root is in the home page's start
 * chain, this is loaded with the live stream, after the first screen.
 */
export const QUERY_KEYS = {
  walletBalances: ['wallet', 'balances'],
  walletCashFlow: ['wallet', 'cashFlow'],
  walletTransferInfo: ['wallet', 'transferInfo'],
  walletWithdrawFee: ['wallet', 'withdrawFee'],
  walletDeposits: ['wallet', 'deposits'],
  walletExchangeRecords: ['wallet', 'exchangeRecords'],
  walletSecuredAccount: ['wallet', 'securedAccount'],
  walletUnseenEvents: ['wallet', 'unseenEvents'],
  cardList: ['card', 'list'],
  cardDetail: ['card', 'detail'],
  cardEligibility: ['card', 'eligibility'],
  cardOrders: ['card', 'orders'],
  cardOrder: ['card', 'order'],
  cardFeeCoupons: ['card', 'fee-coupons'],
  cardTopUpQuote: ['card', 'topUpQuote'],
  cardWithdrawQuote: ['card', 'withdrawQuote'],
  cardFundingWithdrawQuote: ['card', 'funding', 'withdrawQuote'],
  cardDisputes: ['card', 'disputes'],
  cardDispute: ['card', 'dispute'],
  cardThreeDs: ['card', 'threeDs'],
  homeBalances: ['shell', 'home', 'balances'],
  homeCards: ['shell', 'home', 'cards'],
  messages: ['shell', 'messages'],
  referral: ['referral'],
  userCoupons: ['user', 'coupons'],
  kycStatus: ['user', 'kyc', 'status'],
  userProfile: ['user', 'profile'],
} as const;

export type QueryKeyName = keyof typeof QUERY_KEYS;

/** Every figure of wallet money: balances, what can be moved or withdrawn, the statements. */
const WALLET_MONEY: readonly QueryKeyName[] = [
  'walletBalances',
  'walletCashFlow',
  'walletTransferInfo',
  'walletWithdrawFee',
  'walletSecuredAccount',
  'homeBalances',
  // Card funding (what an application or a top-up can pay with) is a wallet figure the card app shows.
  'cardEligibility',
  // Quotes read the card-funding balance and the funding lots (what can return 1:1 in each coin).
  'cardTopUpQuote',
  'cardWithdrawQuote',
  'cardFundingWithdrawQuote',
];
/** Every figure of a card's money: its balance, its statement, the card lists. */
const CARD_MONEY: readonly QueryKeyName[] = [
  'cardList',
  'cardDetail',
  'cardOrders',
  'cardOrder',
  'homeCards',
  // A withdrawal's quote names the card balance left after it.
  'cardWithdrawQuote',
];
/** A move between the wallet (or card funding) and a card, possibly paying a fee with a coupon. */
const WALLET_AND_CARD: readonly QueryKeyName[] = [
  ...WALLET_MONEY,
  ...CARD_MONEY,
  'cardFeeCoupons',
  'userCoupons',
  // Card fees and top-ups pay referral cashback (a consumer of these events announces its own).
  'referral',
];

/**
 * Event type (or a prefix ending in `.` or `_`) → the keys it makes stale; the longest match wins.
 * Money never moves without its event (api: src/events/domain-events.ts), so every figure on an
 * open page follows every move.
 */
export const LIVE_EVENT_QUERY_KEYS: Readonly<Record<string, readonly QueryKeyName[]>> = {
  'wallet.': WALLET_MONEY,
  'wallet.deposit_credited': [...WALLET_MONEY, 'walletDeposits'],
  'wallet.exchange_completed': [...WALLET_MONEY, 'walletExchangeRecords'],
  'wallet.unseen_changed': ['walletUnseenEvents'],
  'cards.': WALLET_AND_CARD,
  'cards.transaction_': CARD_MONEY,
  'cards.threeds_': ['cardThreeDs', ...CARD_MONEY],
  'cards.dispute_': [...WALLET_AND_CARD, 'cardDisputes', 'cardDispute'],
  'referral.': ['referral', ...WALLET_MONEY],
  'notifications.': ['messages'],
  'kyc.': ['kycStatus', 'userProfile', 'cardEligibility'],
};

/** Everything a figure is read from: made stale on each (re)connection, after which nothing was missed. */
export const LIVE_RECONNECT_KEYS: readonly QueryKeyName[] = Object.keys(QUERY_KEYS) as QueryKeyName[];

/** The query keys (prefixes) a live event makes stale: `live.connected` → all of them; unknown → none. */
export function queryKeysForLiveEvent(type: string): ReadonlyArray<readonly string[]> {
  let names: readonly QueryKeyName[] = [];
  if (type === 'live.connected') names = LIVE_RECONNECT_KEYS;
  else {
    let best = -1;
    for (const [pattern, keys] of Object.entries(LIVE_EVENT_QUERY_KEYS)) {
      const hit = pattern === type || (/[._]$/.test(pattern) && type.startsWith(pattern));
      if (hit && pattern.length > best) {
        best = pattern.length;
        names = keys;
      }
    }
  }
  return [...new Set(names)].map((name) => QUERY_KEYS[name]);
}

/** The part of react-query's QueryClient used here (kept structural: this module imports no library). */
export interface InvalidatingCache {
  invalidateQueries(filters: { queryKey: readonly string[] }): Promise<unknown>;
}

/**
 * Marks stale what a live event changed: queries on screen refetch now, the others when next shown.
 * The shell calls it for each event of its stream (and the page test renderer for `emitLive`).
 */
export function invalidateForLiveEvent(cache: InvalidatingCache, type: string): Promise<unknown> {
  return Promise.all(queryKeysForLiveEvent(type).map((queryKey) => cache.invalidateQueries({ queryKey })));
}
