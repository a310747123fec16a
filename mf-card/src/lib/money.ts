import type { Locale } from '@cardwallet/shared';
import { formatUsd as usdInLocale } from '@cardwallet/shared/money-format';

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

/** An amount in any ISO currency (a merchant's) in the customer's locale. */
export function formatMoney(amount: string, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(
      amount as unknown as number,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * A formatted amount inside a translated sentence, isolated (FSI … PDI) so it reads left to right in
 * an Arabic sentence: "US$ 10.00", never "$US 10.00" (the bidi algorithm reorders an unisolated one).
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
