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

type QuoteParams = Readonly<Record<string, unknown>> | undefined;
const cents = (amount: string) => {
  const [whole, part = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt(part.padEnd(2, '0').slice(0, 2));
};
const fromCentsFixed = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const fromMicro = (m: bigint) => `${m / 1_000_000n}.${String(m % 1_000_000n).padStart(6, '0')}`;

/** GET card/topUpQuote as the API prices it: 0.30 USD gateway fee under 50 USD, free from 50. */
export const topUpQuoteFixture = (params: QuoteParams, cardFunding = '80.00') => {
  const amount = cents(String(params!.amount));
  const fee = amount < 5000n ? 30n : 0n;
  return {
    amount: fromCentsFixed(amount),
    fee: fromCentsFixed(fee),
    total: fromCentsFixed(amount + fee),
    cardFunding,
  };
};

/**
 * GET card/withdrawQuote as the API prices it (docs/cards.md "Money back to the wallet"): USD 1:1;
 * a coin 1:1 up to `lot` (what came in as it), the rest at a mid rate of 1 less the 0.5 % spread.
 */
export const withdrawQuoteFixture = (params: QuoteParams, { lot = '10.00', balance = '100.00' } = {}) => {
  const amount = cents(String(params!.amount));
  const currency = String(params!.currency) as 'USD' | 'USDT' | 'USDC';
  const same = currency === 'USD' || amount <= cents(lot) ? amount : cents(lot);
  const convertedMicro = (amount - same) * 10_000n;
  const spreadMicro = (convertedMicro * 5n) / 1000n;
  return {
    fee: '5.00',
    cardBalanceAfter: fromCentsFixed(cents(balance) - amount - 500n),
    currency,
    amount: fromCentsFixed(amount),
    sameCurrency: fromCentsFixed(same),
    converted: fromCentsFixed(amount - same),
    rate: currency === 'USD' ? '1' : '0.995',
    midRate: '1',
    spreadRate: currency === 'USD' ? '0' : '0.005',
    spreadAmount: fromMicro(spreadMicro),
    receive: currency === 'USD' ? fromCentsFixed(amount) : fromMicro(same * 10_000n + convertedMicro - spreadMicro),
  };
};
