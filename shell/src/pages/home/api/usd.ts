/**
 * Exact sums of USD amounts as the API sends them (decimal strings with at most 2 decimals): added
 * as integer cents in BigInt, never as floats, and given back as a decimal string for
 * Intl.NumberFormat. A malformed amount is refused rather than guessed.
 */
const USD = /^(-)?(\d{1,15})(?:\.(\d{1,2}))?$/;

export function usdToCents(amount: string): bigint {
  const match = USD.exec(amount.trim());
  if (!match) throw new Error(`not a USD amount: ${amount}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

export function centsToUsd(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export function sumUsd(amounts: readonly string[]): string {
  return centsToUsd(amounts.reduce((total, amount) => total + usdToCents(amount), 0n));
}
