import DecimalJs from 'decimal.js';

// decimal.js keeps 20 significant digits by default; an amount may carry 15 + 18 (ETH).
const Decimal = DecimalJs.clone({ precision: 64 });

/**
 * Decimal arithmetic for what the pages compute (totals, comparisons); never floats. Reading and
 * showing amounts, limits and "All" are the shared amounts' (`@cardwallet/shared/money`).
 */
export function dec(value: string): InstanceType<typeof Decimal> {
  return new Decimal(value);
}

/** a + b as a plain decimal string. */
export function plus(a: string, b: string): string {
  return dec(a).plus(b).toFixed();
}
