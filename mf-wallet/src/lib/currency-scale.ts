import type { WalletCurrency } from '@cardwallet/shared/schemas';

/**
 * Decimal places of each wallet currency (CURRENCY_DEFINITIONS in the contracts). Kept here as a
 * plain table because importing anything at runtime from `@cardwallet/shared/schemas` brings zod
 * (72.7 KiB gz) into the Wallet tab's first load; currency-scale.test.ts keeps the two equal.
 */
export const CURRENCY_SCALE: Record<WalletCurrency, number> = { USDT: 6, USDC: 6, BTC: 8, ETH: 18, USD: 2 };
