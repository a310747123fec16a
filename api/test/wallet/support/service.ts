import { SandboxChain } from '../../../src/providers/chain/sandbox';
import { SandboxRates } from '../../../src/providers/rates/sandbox';
import { WalletService } from '../../../src/modules/wallet/service';
import type { TestDb } from './ledger-db';

export function walletFixture(db: TestDb) {
  const kyc = new Map<string, number>();
  const chain = new SandboxChain({
    addressSecret: 'test-secret',
    blockIntervalMs: 0,
    confirmations: { TRC20: 3, ERC20: 3, BTC: 2 },
  });
  const rates = new SandboxRates('0.005');
  rates.set('BTC', '60000');
  rates.set('ETH', '3000');
  const wallet = new WalletService({ db: db.sql, chain, rates, kycLevel: async (u) => kyc.get(u) ?? 0, scryptN: 1024 });
  wallet.attachChain();
  /** Deposit + enough blocks: the user's wallet is credited. */
  async function fund(userId: string, amount: string, currency: 'USDT' | 'USDC' = 'USDT') {
    const network = 'ERC20' as const;
    const network2 = currency === 'USDT' ? ('TRC20' as const) : network;
    const { address } = await wallet.rechargeAddress(userId, currency, network2);
    await chain.simulateDeposit({ address, currency, network: network2, amount });
    await chain.mine(3, network2);
  }
  return { wallet, chain, rates, kyc, fund };
}
