import { z } from '@cardwallet/shared/zod';
import type { TFunction } from 'i18next';
import { amountSchema } from '@cardwallet/shared/forms';
import type { AmountLimits } from '@cardwallet/shared/money';
import type { WalletCurrency } from '@cardwallet/shared/schemas';

export type ExchangeFormValues = { amount: string };

/**
 * Spec §5: quantity required, within the currency's minimum and maximum, not above the balance, at
 * most the currency's decimals; read the locale's way and handed to submit as the canonical string.
 */
export function exchangeFormSchema(t: TFunction, locale: string, currency: WalletCurrency, limits: AmountLimits) {
  return z.object({ amount: amountSchema(t, locale, { currency, limits }) });
}
