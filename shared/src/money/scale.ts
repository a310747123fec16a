/**
 * Decimal places of each wallet currency, as the ledger keeps them (CURRENCY_DEFINITIONS in
 * `schemas/wallet.ts`, served by GET wallet/currencies). A plain table here so the amount field and
 * the formatters do not bring zod into a page's first load; scale.test.ts keeps the two equal.
 */
export const MONEY_SCALE = { USDT: 6, USDC: 6, BTC: 8, ETH: 18, USD: 2 } as const;
export type MoneyCurrency = keyof typeof MONEY_SCALE;

/**
 * Decimals shown for a holding in lists and totals: the ledger's scale, at most 8 (an 18-decimal
 * ETH figure does not fit a row). The exact figure (`formatAmountExact`) shows all of them.
 */
export function shownDecimals(currency: MoneyCurrency): number {
  return Math.min(MONEY_SCALE[currency], 8);
}

/** Most decimals any amount on the wire may carry (the contracts' decimal string). */
export const MAX_SCALE = 18;
/** Most integer digits an amount on the wire may carry (the contracts' decimal string). */
export const MAX_INTEGER_DIGITS = 15;
