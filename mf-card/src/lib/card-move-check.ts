import { fromCents, toCents } from './money';

/**
 * The most a top-up can be (what "Max" fills): the largest amount that, with the gateway fee it
 * itself costs (`feeOf`: 0.30 USD under 50 USD, less a coupon), fits the card-funding balance and
 * the product's maximum. The fee depends on the amount, so the fee of the balance itself is tried
 * first (free from 50 USD), then the balance less the fee of a smaller amount. In cents, never floats.
 */
export function mostTopUp(funding: string, maximum: string, feeOf: (amount: string) => string): string {
  const balance = toCents(funding) ?? 0n;
  const cap = toCents(maximum) ?? 0n;
  const first = balance < cap ? balance : cap;
  if (first <= 0n) return '0';
  if (first + toCents(feeOf(fromCents(first)))! <= balance) return canonical(first);
  const second = balance - toCents(feeOf(fromCents(first)))!;
  if (second > 0n && second + toCents(feeOf(fromCents(second)))! <= balance) return canonical(second);
  return '0';
}

/** Cents as the canonical decimal string an amount field fills ("1000.5", "12", never "12.00"). */
function canonical(cents: bigint): string {
  return fromCents(cents).replace(/\.?0+$/, '') || '0';
}
