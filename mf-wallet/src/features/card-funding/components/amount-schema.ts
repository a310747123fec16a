import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { dec, decimalsOf, isDecimal } from '../../../lib/amount';

export type CardFundingFormValues = { amount: string };

/** A USD amount with at most 2 decimals, above zero and within the card-funding balance. */
export function cardFundingFormSchema(t: TFunction, available: string) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, t('validation.required', { ns: 'common' }))
      .refine((v) => isDecimal(v) && decimalsOf(v) <= 2 && dec(v).gt(0), t('cardFunding.invalidAmount'))
      .refine((v) => !isDecimal(v) || dec(v).lte(available), t('cardFunding.overBalance')),
  });
}
