import { useMemo } from 'react';
import { useHost, type Locale } from '@cardwallet/shared';
import type { WalletCurrency } from '@cardwallet/shared/schemas';
import {
  formatAmount as formatSharedAmount,
  formatDecimal,
  formatMoney as formatSharedMoney,
  formatMoneyExact,
  formatUsd,
} from '@cardwallet/shared/money';

/**
 * The shared amount formatter (docs/amounts.md) bound to the wallet's currencies: one precision rule
 * per currency (its scale, at most 8 decimals shown, at least 2), digits beyond cut toward zero —
 * a holding is never shown as more than it is. USD with its symbol.
 */
export function formatAmount(
  locale: Locale,
  amount: string,
  currency: WalletCurrency | 'USD',
  options: { sign?: boolean } = {},
): string {
  return formatSharedAmount(locale, amount, currency, options);
}

/** "1,234.50 USDT" / "$1,234.50". */
export function formatMoney(
  locale: Locale,
  amount: string,
  currency: WalletCurrency,
  options: { sign?: boolean } = {},
): string {
  return formatSharedMoney(locale, amount, currency, options);
}

/**
 * An amount placed inside a translated sentence, isolated (FSI … PDI) so that it keeps its own
 * direction: in ar-AE "US$ 170.00" would otherwise be reordered into "$US 170.00" by the sentence.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A fraction as a percentage in the locale, formatted from the decimal string (no float). */
export function formatPercent(locale: Locale, fraction: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4, numberingSystem: 'latn' }).format(
    fraction as unknown as number,
  );
}

/** The formatters bound to the current language. */
export function useMoney() {
  const locale = useHost().i18n.useLanguage();
  return useMemo(
    () => ({
      locale,
      money: (amount: string, currency: WalletCurrency, options?: { sign?: boolean }) =>
        formatMoney(locale, amount, currency, options),
      amount: (amount: string, currency: WalletCurrency) => formatAmount(locale, amount, currency),
      usd: (amount: string) => formatUsd(locale, amount),
      /** An exchange rate: every decimal the quote carries (up to 12), cut never rounded. */
      rate: (rate: string) => formatDecimal(locale, rate, { maximumDecimals: 12 }),
      /** A fraction as a percentage ("0.005" → "0.5%", tr-TR "%0,5"), exactly. */
      percent: (fraction: string) => formatPercent(locale, fraction),
      /** Every decimal the ledger keeps ("1.123456789012345678 ETH"): the exact figure. */
      exact: (amount: string, currency: WalletCurrency) => formatMoneyExact(locale, amount, currency),
      /** `money`, for use inside a sentence (see `isolated`). */
      moneyInText: (amount: string, currency: WalletCurrency) => isolated(formatMoney(locale, amount, currency)),
    }),
    [locale],
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9: under 5 minutes "just now", then minutes, hours, days (under 30 days), then the date.
 * `justNow` is the translated "just now" (Intl has no such phrase for every locale).
 */
export function formatRelativeTime(locale: Locale, iso: string, now: number, justNow: string): string {
  const then = new Date(iso).getTime();
  const elapsed = Math.max(0, now - then);
  if (elapsed < 5 * MINUTE) return justNow;
  const rtf = new Intl.RelativeTimeFormat(locale, {
    numeric: 'always',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions);
  if (elapsed < HOUR) return rtf.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return rtf.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return rtf.format(-Math.floor(elapsed / DAY), 'day');
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    numberingSystem: 'latn',
  }).format(then);
}

export function formatDateTime(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }).format(
    new Date(iso),
  );
}

/** 0x1234ab…89cdef: the start and end a customer compares with an explorer. */
export function shortenMiddle(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
