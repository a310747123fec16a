import type { CardEligibility, CardProductsResult, CardSummary } from '@cardwallet/shared/schemas';

/** Answers as the API gives them (shapes from the shared schemas). */
export const productsFixture: CardProductsResult = {
  products: (['virtual', 'physical'] as const).flatMap((type) =>
    (['visa', 'mastercard'] as const).flatMap((brand) =>
      (['standard', 'discount', 'premium'] as const).map((tier) => ({
        id: `${type}-${brand}-${tier}`,
        type,
        brand,
        tier,
        currency: 'USD' as const,
        applicationFee: type === 'virtual' ? '10' : '50',
        monthlyFee: '1',
        monthlyLimit: '10000',
        rechargeFee: '0.3',
        withdrawalFee: '5',
        transactionFee: tier === 'standard' ? '0' : '0.5',
        topUpMin: '10',
        topUpMax: '10000',
        firstTopUpMin: '20',
        withdrawMin: '10',
        withdrawMax: '10000',
        applyLimit: type === 'virtual' ? 5 : 1,
      })),
    ),
  ),
  gatewayFee: '0.3',
  gatewayFeeFreeFrom: '50',
  withdrawFee: '5',
  minKeep: '1',
};

export const eligibilityFixture = (over: Partial<CardEligibility> = {}): CardEligibility => ({
  kycLevel: 1,
  emailBound: true,
  adult: true,
  cardFunding: '200.00',
  virtual: { allowed: true, reason: null },
  physical: { allowed: false, reason: 'kyc2_required' },
  ...over,
});

export const cardFixture = (over: Partial<CardSummary> = {}): CardSummary => ({
  id: 'c1',
  productId: 'virtual-visa-standard',
  type: 'virtual',
  brand: 'visa',
  tier: 'standard',
  status: 'active',
  maskedNumber: '•••• 4242',
  last4: '4242',
  expiry: '11/29',
  cardholder: 'ADA LOVELACE',
  balance: '100.00',
  currency: 'USD',
  shippingStatus: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  activatedAt: '2026-11-23T10:01:00.000Z',
  ...over,
});
