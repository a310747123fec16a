import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import type { WalletCurrency } from '@cardwallet/shared/schemas';
import { dec, decimalsOf, isDecimal } from '../../../lib/amount';

export type ExchangeFormValues = { amount: string };

/** Spec §5: quantity required, within the currency's minimum and maximum, not above the balance. */
export function exchangeFormSchema(
  t: TFunction,
  limits: {
    currency: WalletCurrency;
    scale: number;
    minimum: string;
    maximum: string;
    available: string;
    format: (a: string) => string;
  },
) {
  const c = (key: string, values?: Record<string, string>) => t(key, { ns: 'common', ...values });
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, c('validation.required'))
      .superRefine((v, ctx) => {
        if (!isDecimal(v) || decimalsOf(v) > limits.scale)
          return void ctx.addIssue({ code: 'custom', message: c('validation.amount') });
        const amount = dec(v);
        if (amount.lte(0)) return void ctx.addIssue({ code: 'custom', message: c('validation.amountPositive') });
        if (amount.lt(limits.minimum) || amount.gt(limits.maximum))
          return void ctx.addIssue({
            code: 'custom',
            message: c('errors.exchange_out_of_limits', {
              min: limits.format(limits.minimum),
              max: limits.format(limits.maximum),
              currency: limits.currency,
            }),
          });
        if (amount.gt(limits.available)) ctx.addIssue({ code: 'custom', message: c('errors.insufficient_balance') });
      }),
  });
}
