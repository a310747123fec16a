import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { looksLikeAddress, type CryptoCurrency, type WalletNetwork } from '@cardwallet/shared/schemas';
import { dec, decimalsOf, isDecimal } from '../../../lib/amount';

export interface WithdrawLimits {
  currency: CryptoCurrency;
  network: WalletNetwork;
  scale: number;
  minimum: string;
  fee: string;
  available: string;
  /** Formats an amount of the currency for messages. */
  format: (amount: string) => string;
}

export type WithdrawFormValues = { address: string; amount: string };

/**
 * The withdraw form's rules (spec §5): address valid for the network (the shared format check —
 * the API also verifies checksums), quantity at least the minimum (10 USDT), amount + fee within
 * the available balance. Messages are translated here: they carry the figures.
 */
export function withdrawFormSchema(t: TFunction, limits: WithdrawLimits) {
  const c = (key: string, values?: Record<string, string>) => t(key, { ns: 'common', ...values });
  return z.object({
    address: z
      .string()
      .trim()
      .min(1, c('validation.required'))
      .refine((v) => looksLikeAddress(limits.network, v), t('withdraw.addressInvalid', { network: limits.network })),
    amount: z
      .string()
      .trim()
      .min(1, c('validation.required'))
      .superRefine((v, ctx) => {
        if (!isDecimal(v) || decimalsOf(v) > limits.scale)
          return void ctx.addIssue({ code: 'custom', message: c('validation.amount') });
        const amount = dec(v);
        if (amount.lte(0)) return void ctx.addIssue({ code: 'custom', message: c('validation.amountPositive') });
        if (amount.lt(limits.minimum))
          return void ctx.addIssue({
            code: 'custom',
            message: c('errors.withdraw_below_minimum', {
              min: limits.format(limits.minimum),
              currency: limits.currency,
            }),
          });
        if (amount.plus(limits.fee).gt(limits.available))
          ctx.addIssue({
            code: 'custom',
            message: t('withdraw.exceedsBalance', {
              available: limits.format(limits.available),
              fee: limits.format(limits.fee),
            }),
          });
      }),
  });
}
