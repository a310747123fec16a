import Decimal from 'decimal.js';

/** Decimal arithmetic for what the pages compute (all, totals, limits); never floats. */
export function isDecimal(value: string): boolean {
  return /^\d{1,15}(\.\d{1,18})?$/.test(value.trim());
}

export function dec(value: string): Decimal {
  return new Decimal(value);
}

/** a + b as a plain decimal string. */
export function plus(a: string, b: string): string {
  return dec(a).plus(b).toFixed();
}

/** max(0, a − b), rounded down to `scale` decimals: what "all" can send after a fee. */
export function spendable(available: string, fee: string, scale: number): string {
  const rest = dec(available).minus(fee);
  return rest.lte(0) ? '0' : rest.toDecimalPlaces(scale, Decimal.ROUND_DOWN).toFixed();
}

export function decimalsOf(value: string): number {
  const [, frac = ''] = value.trim().split('.');
  return frac.replace(/0+$/, '').length;
}
