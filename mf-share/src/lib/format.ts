import { useMemo } from 'react';
import { useHost, type Locale } from '@cardwallet/shared';

/** Money and dates in the customer's locale (Intl); amounts arrive as decimal strings and stay strings until shown. */
export function formatUsd(locale: Locale, amount: string): string {
  // Intl takes the decimal string as is (no float arithmetic on money).
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount as unknown as number);
}

export function formatDate(locale: Locale, iso: string, withTime = false): string {
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(new Date(iso));
}

export function useFormat() {
  const locale = useHost().i18n.useLanguage();
  return useMemo(
    () => ({
      locale,
      usd: (amount: string) => formatUsd(locale, amount),
      date: (iso: string, withTime = false) => formatDate(locale, iso, withTime),
      number: (n: number) => new Intl.NumberFormat(locale).format(n),
    }),
    [locale],
  );
}
