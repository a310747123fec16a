/**
 * Exact money arithmetic for assertions. The API sends amounts as decimal strings; subtracting them as
 * JavaScript numbers gives 29.999999999999773 for 30, so a ">= 30" check failed on a correct ledger.
 * Amounts are compared as integers of 10^-18 units (the finest scale any asset here uses).
 */
const SCALE = 18;

/** A decimal string ("1234.5", "-0.000001") as an integer count of 10^-18 units. */
export function toUnits(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${JSON.stringify(amount)}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > SCALE) throw new Error(`more than ${SCALE} decimals: ${amount}`);
  const units = BigInt(whole + fraction.padEnd(SCALE, '0'));
  return sign === '-' ? -units : units;
}

/** after − before, exactly, as units (compare with toUnits('30')). */
export function differenceInUnits(after: string, before: string): bigint {
  return toUnits(after) - toUnits(before);
}
