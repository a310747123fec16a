import { MONEY_SCALE } from '@cardwallet/shared/money';

/**
 * Decimal places of each wallet currency: the shared amounts' table (`MONEY_SCALE`, kept equal to
 * CURRENCY_DEFINITIONS by shared's tests) — importing it does not bring zod into the Wallet tab's
 * first load, as `@cardwallet/shared/schemas` would.
 */
export const CURRENCY_SCALE = MONEY_SCALE;
