import { useMemo } from 'react';
import { useHost, type Locale } from '@cardwallet/shared';
import { formatUsd } from '@cardwallet/shared/money-format';

/** Money and dates in the customer's locale (Intl); amounts arrive as decimal strings and stay strings until shown. */
export { formatUsd };

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
