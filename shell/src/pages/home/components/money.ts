import type { Locale } from '@cardwallet/shared';

/**
 * USD for the screen from a decimal string: Intl.NumberFormat formats the string itself (no float
 * on the way), in the reader's locale. Callers render it left to right (dir="ltr").
 */
export function formatUsd(amount: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(amount as `${number}`);
}
