import type { Locale } from '@cardwallet/shared';
import { formatUsd as usdInLocale, truncateDecimal } from '@cardwallet/shared/money';

/** Decimal string → integer cents (never a float); null when it is not a 2-decimal amount. */
export function toCents(amount: string): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** USD in the customer's locale, as every surface shows it (shared/src/money-format.ts). */
export function formatUsd(amount: string, locale: Locale): string {
  return usdInLocale(locale, amount);
}

/**
 * An amount in any ISO currency (a merchant's) in the customer's locale: the currency's own
 * decimals (JPY none, EUR two), cut toward zero like every figure (never shown as more than it is),
 * passed to Intl as a string (no float), Latin digits.
 */
export function formatMoney(amount: string, currency: string, locale: Locale): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency, numberingSystem: 'latn' });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(truncateDecimal(amount, decimals) as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A fraction as a percentage in the locale ("0.005" → "0.5%", tr-TR "%0,5"), from the decimal string (no float). */
export function formatPercent(fraction: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4, numberingSystem: 'latn' }).format(
    fraction as unknown as number,
  );
}

/**
 * A formatted amount inside a translated sentence, isolated (FSI … PDI) so it reads left to right in
 * an Arabic sentence: "US$ 10.00", never "$US 10.00" (the bidi algorithm reorders an unisolated one).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
