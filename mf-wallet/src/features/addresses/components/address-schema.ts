import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { looksLikeAddress, type WalletNetwork } from '@cardwallet/shared/schemas';

export type AddressFormValues = { address: string; remark: string };

/** Add-address rules (spec §5): address required and valid for the network; remark optional, ≤ 40. */
export function addressFormSchema(t: TFunction, network: WalletNetwork) {
  return z.object({
    address: z
      .string()
      .trim()
      .min(1, t('validation.required', { ns: 'common' }))
      .refine((v) => looksLikeAddress(network, v), t('withdraw.addressInvalid', { network })),
    remark: z
      .string()
      .trim()
      .max(40, t('validation.tooLong', { ns: 'common' })),
  });
}
