import type { CardProduct, CardTier } from '@cardwallet/shared/schemas';
import { CARD_ORGANISATION_FEE_USD, CARD_WITHDRAW_FEE_USD, GATEWAY_FEE_USD } from '@cardwallet/shared';

/**
 * The card catalogue (docs/cards.md, "Products, fees and limits"). The spec fixes the gateway fee
 * (0.3 USD under 50 USD), the withdrawal fee (5 USD), the 1 USD the card keeps and the 0.5 USD
 * organisation fee per transaction on discount and premium cards; every other value is ours, set
 * as a prepaid programme would, and lives here as configuration.
 */
interface TierTerms {
  applicationFee: string;
  monthlyFee: string;
  monthlyLimit: string;
  transactionFee: string;
  topUpMin: string;
  topUpMax: string;
  firstTopUpMin: string;
}

const TERMS: Record<'virtual' | 'physical', Record<CardTier, TierTerms>> = {
  virtual: {
    standard: {
      applicationFee: '10',
      monthlyFee: '1',
      monthlyLimit: '10000',
      transactionFee: '0',
      topUpMin: '10',
      topUpMax: '10000',
      firstTopUpMin: '20',
    },
    discount: {
      applicationFee: '5',
      monthlyFee: '0',
      monthlyLimit: '5000',
      transactionFee: CARD_ORGANISATION_FEE_USD,
      topUpMin: '10',
      topUpMax: '5000',
      firstTopUpMin: '20',
    },
    premium: {
      applicationFee: '30',
      monthlyFee: '2',
      monthlyLimit: '50000',
      transactionFee: CARD_ORGANISATION_FEE_USD,
      topUpMin: '10',
      topUpMax: '50000',
      firstTopUpMin: '50',
    },
  },
  physical: {
    standard: {
      applicationFee: '50',
      monthlyFee: '2',
      monthlyLimit: '20000',
      transactionFee: '0',
      topUpMin: '20',
      topUpMax: '20000',
      firstTopUpMin: '50',
    },
    discount: {
      applicationFee: '35',
      monthlyFee: '1',
      monthlyLimit: '10000',
      transactionFee: CARD_ORGANISATION_FEE_USD,
      topUpMin: '20',
      topUpMax: '10000',
      firstTopUpMin: '50',
    },
    premium: {
      applicationFee: '99',
      monthlyFee: '5',
      monthlyLimit: '100000',
      transactionFee: CARD_ORGANISATION_FEE_USD,
      topUpMin: '20',
      topUpMax: '100000',
      firstTopUpMin: '100',
    },
  },
};

/** Smallest card → wallet withdrawal (the 5 USD fee comes on top); the largest equals the top-up maximum. */
export const WITHDRAW_MIN_USD = '10';

/** Cards of one product a customer may hold at once (closed cards are not counted). */
export const APPLY_LIMIT = { virtual: 5, physical: 1 } as const;

export const CARD_PRODUCTS: CardProduct[] = (['virtual', 'physical'] as const).flatMap((type) =>
  (['visa', 'mastercard'] as const).flatMap((brand) =>
    (['standard', 'discount', 'premium'] as const).map((tier) => ({
      id: `${type}-${brand}-${tier}`,
      type,
      brand,
      tier,
      currency: 'USD' as const,
      rechargeFee: GATEWAY_FEE_USD,
      withdrawalFee: CARD_WITHDRAW_FEE_USD,
      applyLimit: APPLY_LIMIT[type],
      withdrawMin: WITHDRAW_MIN_USD,
      withdrawMax: TERMS[type][tier].topUpMax,
      ...TERMS[type][tier],
    })),
  ),
);

export function productById(id: string): CardProduct | undefined {
  return CARD_PRODUCTS.find((p) => p.id === id);
}
