import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { amountSchema } from '@cardwallet/shared/forms';
import type { AmountLimits } from '@cardwallet/shared/money';

export type TransferFormValues = { amount: string };

/** The amount is in USD (USDT and USDC move 1:1): two decimals. */
export const TRANSFER_SCALE = 2;

/**
 * Spec §5: required, > 0, at least 50 USD, within the maximum, not above the source balance. The
 * amount is read the locale's way (docs/amounts.md) and handed to submit as the canonical string.
 */
export function transferFormSchema(t: TFunction, locale: string, limits: AmountLimits) {
  return z.object({ amount: amountSchema(t, locale, { currency: 'USD', scale: TRANSFER_SCALE, limits }) });
}
