/** Wallet API answers as the API sends them (shapes of @cardwallet/shared/schemas wallet.ts). */
export const balancesFixture = {
  balances: [
    { currency: 'USDT', available: '1234.5', held: '61', usdValue: '1295.50', usdRate: '1' },
    { currency: 'USDC', available: '0', held: '0', usdValue: '0.00', usdRate: '1' },
    { currency: 'BTC', available: '0.0425', held: '0', usdValue: '2720.00', usdRate: '64000' },
    { currency: 'ETH', available: '0', held: '0', usdValue: '0.00', usdRate: '3000' },
    { currency: 'USD', available: '0', held: '0', usdValue: '0.00', usdRate: '1' },
  ],
  totalUsd: '4015.50',
  cardFunding: '350.00',
};

export const emptyBalancesFixture = {
  balances: balancesFixture.balances.map((b) => ({ ...b, available: '0', held: '0', usdValue: '0.00' })),
  totalUsd: '0.00',
  cardFunding: '0.00',
};

export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export const withdrawFeeFixture = {
  currency: 'USDT',
  network: 'TRC20',
  fee: '1',
  minimum: '10',
  total: null,
  available: '100',
};

export const withdrawalFixture = {
  id: 'w1',
  currency: 'USDT',
  network: 'TRC20',
  address: TRON_ADDRESS,
  amount: '50',
  fee: '1',
  total: '51',
  status: 'pending',
  txHash: null,
  rejectReason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  decidedAt: null,
};

export const depositFixture = (status: 'confirming' | 'credited' | 'not_credited', confirmations = 0) => ({
  id: `d-${status}-${confirmations}`,
  currency: 'USDT',
  network: 'TRC20',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  amount: status === 'not_credited' ? '0.3' : '25',
  txHash: 'a'.repeat(58) + '0c0ffe',
  confirmations,
  requiredConfirmations: 19,
  status,
  reason: status === 'not_credited' ? 'below_minimum' : null,
  createdAt: '2026-11-23T10:00:00.000Z',
  creditedAt: status === 'credited' ? '2026-11-23T10:01:00.000Z' : null,
});

export const page = <T>(data: T[], current = 1, last = 1) => ({
  data,
  current_page: current,
  last_page: last,
  per_page: 15,
  total: data.length,
});
