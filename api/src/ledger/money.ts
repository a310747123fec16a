import Decimal from 'decimal.js';
import { CURRENCY_DEFINITIONS, WALLET_CURRENCIES, type WalletCurrency } from '@cardwallet/shared/schemas';

/**
 * Money in code is decimal.js, in SQL NUMERIC, on the wire a decimal string — never a float.
 * A dedicated Decimal clone so nobody's global configuration changes our rounding.
 */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Money = InstanceType<typeof Money>;

export function isCurrency(value: string): value is WalletCurrency {
  return (WALLET_CURRENCIES as readonly string[]).includes(value);
}

export function scaleOf(currency: WalletCurrency): number {
  return CURRENCY_DEFINITIONS[currency].scale;
}

/** Parses a wire/SQL decimal string; throws on anything that is not a finite decimal. */
export function money(value: string | Money): Money {
  if (value instanceof Money) return value;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value.trim())) {
    throw new TypeError(`not a decimal string: ${String(value)}`);
  }
  return new Money(value.trim());
}

/** True when `amount` has no more decimals than the currency keeps. */
export function fitsCurrency(amount: Money, currency: WalletCurrency): boolean {
  return amount.decimalPlaces() <= scaleOf(currency);
}

/** Rounds toward zero to the currency's precision (what the customer receives is never rounded up). */
export function roundDown(amount: Money, currency: WalletCurrency): Money {
  return amount.toDecimalPlaces(scaleOf(currency), Decimal.ROUND_DOWN);
}

export function roundUp(amount: Money, currency: WalletCurrency): Money {
  return amount.toDecimalPlaces(scaleOf(currency), Decimal.ROUND_UP);
}

/** Canonical wire form: plain notation, trailing zeros trimmed, at most the currency's decimals. */
export function format(amount: Money | string, currency?: WalletCurrency): string {
  let d = money(amount);
  if (currency) d = d.toDecimalPlaces(scaleOf(currency), Decimal.ROUND_DOWN);
  const s = d.toFixed();
  return s === '-0' ? '0' : s;
}

/** Fixed decimals for display values such as USD valuations. */
export function formatFixed(amount: Money | string, decimals: number): string {
  const s = money(amount).toFixed(decimals, Decimal.ROUND_DOWN);
  return s.startsWith('-') && /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
}

export const ZERO = new Money(0);
