import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { amountSchema } from '@cardwallet/shared/forms';
import { looksLikeAddress, type CryptoCurrency, type WalletNetwork } from '@cardwallet/shared/schemas';

export interface WithdrawLimits {
  currency: CryptoCurrency;
  network: WalletNetwork;
  minimum: string;
  fee: string;
  available: string;
}

export type WithdrawFormValues = { address: string; amount: string };

/**
 * The withdraw form's rules (spec §5): address valid for the network (the shared format check —
 * the API also verifies checksums), quantity at least the minimum (10 USDT), amount + fee within
 * the available balance, read the locale's way (docs/amounts.md) and handed to submit as the
 * canonical string. Messages are translated here: they carry the figures.
 */
export function withdrawFormSchema(t: TFunction, locale: string, limits: WithdrawLimits) {
  return z.object({
    address: z
      .string()
      .trim()
      .min(1, t('validation.required', { ns: 'common' }))
      .refine((v) => looksLikeAddress(limits.network, v), t('withdraw.addressInvalid', { network: limits.network })),
    amount: amountSchema(t, locale, {
      currency: limits.currency,
      limits: { minimum: limits.minimum, available: limits.available, fees: [limits.fee] },
    }),
  });
}
