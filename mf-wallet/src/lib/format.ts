import { useMemo } from 'react';
import { useHost, type Locale } from '@cardwallet/shared';
import type { WalletCurrency } from '@cardwallet/shared/schemas';
import { formatUsd } from '@cardwallet/shared/money-format';
import { CURRENCY_SCALE } from './currency-scale';

/**
 * Amounts arrive as decimal strings and are handed to Intl.NumberFormat as strings: it formats
 * them exactly (no float on the way), in the customer's locale. Crypto amounts keep the digits the
 * API sent (up to the currency's scale, at most 8 shown); USD is shown with its symbol.
 */
export function formatAmount(
  locale: Locale,
  amount: string,
  currency: WalletCurrency | 'USD',
  options: { sign?: boolean } = {},
): string {
  const scale = currency === 'USD' ? 2 : Math.min(CURRENCY_SCALE[currency], 8);
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, scale),
    signDisplay: options.sign ? 'exceptZero' : 'auto',
    // Latin digits in every locale: amounts are compared with chain explorers and statements.
    numberingSystem: 'latn',
  });
  return format.format(amount as unknown as number);
}

/** "1,234.50 USDT" / "$1,234.50". */
export function formatMoney(
  locale: Locale,
  amount: string,
  currency: WalletCurrency,
  options: { sign?: boolean } = {},
): string {
  if (currency === 'USD') return formatUsd(locale, amount, options);
  return `${formatAmount(locale, amount, currency, options)} ${currency}`;
}

/**
 * An amount placed inside a translated sentence, isolated (FSI … PDI) so that it keeps its own
 * direction: in ar-AE "US$ 170.00" would otherwise be reordered into "$US 170.00" by the sentence.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
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
