import type { BalancesResult, UnseenEventsResult, WalletCurrency } from '@cardwallet/shared/schemas';
import { CURRENCY_SCALE } from './currency-scale';

/**
 * Answer checks for the Wallet tab's first load, without zod (docs/performance.md "Wallet pages"):
 * the same guarantees the pages rely on — money as decimal strings, known currencies — and a
 * thrown error (shown as a load failure) for anything else. Every other page parses with the
 * shared zod schemas.
 */
const DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;

function fail(what: string): never {
  throw new Error(`unexpected wallet answer: ${what}`);
}
function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(what);
  return value as Record<string, unknown>;
}
function money(value: unknown, what: string): string {
  if (typeof value !== 'string' || !DECIMAL.test(value)) fail(what);
  return value;
}
function currency(value: unknown): WalletCurrency {
  if (typeof value !== 'string' || !(value in CURRENCY_SCALE)) fail('currency');
  return value as WalletCurrency;
}

export function parseBalances(data: unknown): BalancesResult {
  const root = record(data, 'balances');
  if (!Array.isArray(root.balances)) fail('balances list');
  return {
    balances: root.balances.map((item) => {
      const b = record(item, 'balance');
      return {
        currency: currency(b.currency),
        available: money(b.available, 'available'),
        held: money(b.held, 'held'),
        usdValue: money(b.usdValue, 'usdValue'),
        usdRate: money(b.usdRate, 'usdRate'),
      };
    }),
    totalUsd: money(root.totalUsd, 'totalUsd'),
    cardFunding: money(root.cardFunding, 'cardFunding'),
  };
}

export function parseUnseenEvents(data: unknown): UnseenEventsResult {
  const count = record(data, 'unseen events').count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) fail('count');
  return { count };
}
