/**
 * Limits an amount is checked against as the customer types, and the "All"/"Max" figure. In
 * decimal.js, never floats; every figure in and out is a decimal string.
 */
import DecimalJs from 'decimal.js';
import type { AmountRefusal } from './parse';

// decimal.js keeps 20 significant digits by default; an amount may carry 15 + 18.
const Decimal = DecimalJs.clone({ precision: 64 });
type Decimal = InstanceType<typeof Decimal>;

export type AmountLimitKey =
  'validation.amountPositive' | 'amount.minimum' | 'amount.maximum' | 'amount.balance' | 'amount.keep';

export interface AmountLimits {
  /** The smallest amount accepted (inclusive). */
  minimum?: string;
  /** The largest amount accepted (inclusive). */
  maximum?: string;
  /** What the customer holds; with `fees`, amount + fees may not exceed it. */
  available?: string;
  /** Costs taken from `available` besides the amount (a card's 5 USD withdrawal fee). */
  fees?: readonly string[];
  /** What must stay behind in `available` (a card keeps 1 USD). */
  keep?: string;
}

/** A limit refusal: `values.amount` is the canonical figure of the limit, for the caller to format. */
export type AmountLimitRefusal = AmountRefusal<AmountLimitKey> & { values?: { amount: string } };

const figure = (d: Decimal) => d.toFixed();

/**
 * The first limit `value` (a canonical amount) breaks, or null. Order: positive, minimum, balance
 * (with fees), keep, maximum — the reason a customer can act on first.
 */
export function checkAmountLimits(value: string, limits: AmountLimits = {}): AmountLimitRefusal | null {
  const amount = new Decimal(value);
  if (amount.lte(0)) return { key: 'validation.amountPositive' };
  if (limits.minimum !== undefined && amount.lt(limits.minimum))
    return { key: 'amount.minimum', values: { amount: limits.minimum } };
  if (limits.available !== undefined) {
    const available = new Decimal(limits.available);
    const spent = amount.plus(sumOf(limits.fees));
    if (spent.gt(available)) return { key: 'amount.balance', values: { amount: figure(available) } };
    if (limits.keep !== undefined && available.minus(spent).lt(limits.keep))
      return { key: 'amount.keep', values: { amount: limits.keep } };
  }
  if (limits.maximum !== undefined && amount.gt(limits.maximum))
    return { key: 'amount.maximum', values: { amount: limits.maximum } };
  return null;
}

function sumOf(fees: readonly string[] = []): Decimal {
  return fees.reduce((sum, fee) => sum.plus(fee), new Decimal(0));
}

/**
 * What "All"/"Max" fills: available − fees − keep, exactly, at the currency's full `scale` (cut
 * toward zero only if an input carries more decimals than the scale), capped at `maximum`, never
 * negative. 1.123456789012345678 ETH with a 0.00003 fee → "1.123426789012345678": nothing is left
 * behind that could never leave.
 */
export function maximumAmount(
  available: string,
  scale: number,
  options: { fees?: readonly string[]; keep?: string; maximum?: string } = {},
): string {
  let amount = new Decimal(available).minus(sumOf(options.fees)).minus(options.keep ?? 0);
  if (options.maximum !== undefined) amount = Decimal.min(amount, options.maximum);
  amount = amount.toDecimalPlaces(scale, Decimal.ROUND_DOWN);
  return amount.gt(0) ? figure(amount) : '0';
}
