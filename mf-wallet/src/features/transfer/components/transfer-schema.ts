import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { dec, decimalsOf, isDecimal } from '../../../lib/amount';

export type TransferFormValues = { amount: string };

/** Spec §5: required, > 0, at least 50 USD, within the maximum, not above the source balance. */
export function transferFormSchema(
  t: TFunction,
  limits: { minimum: string; maximum: string; available: string; format: (a: string) => string },
) {
  const c = (key: string, values?: Record<string, string>) => t(key, { ns: 'common', ...values });
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, c('validation.required'))
      .superRefine((v, ctx) => {
        if (!isDecimal(v) || decimalsOf(v) > 2)
          return void ctx.addIssue({ code: 'custom', message: c('validation.amount') });
        const amount = dec(v);
        if (amount.lte(0)) return void ctx.addIssue({ code: 'custom', message: c('validation.amountPositive') });
        if (amount.lt(limits.minimum))
          return void ctx.addIssue({
            code: 'custom',
            message: c('errors.transfer_below_minimum', { min: limits.format(limits.minimum) }),
          });
        if (amount.gt(limits.maximum))
          return void ctx.addIssue({
            code: 'custom',
            message: c('errors.transfer_above_maximum', { max: limits.format(limits.maximum) }),
          });
        if (amount.gt(limits.available)) ctx.addIssue({ code: 'custom', message: c('errors.insufficient_balance') });
      }),
  });
}
