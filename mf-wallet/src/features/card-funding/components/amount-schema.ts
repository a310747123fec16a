import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { amountSchema } from '@cardwallet/shared/forms';

export type CardFundingFormValues = { amount: string };

/** A USD amount (2 decimals, the locale's way), above zero and within the card-funding balance. */
export function cardFundingFormSchema(t: TFunction, locale: string, available: string) {
  return z.object({ amount: amountSchema(t, locale, { currency: 'USD', limits: { available } }) });
}
