import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CryptoCurrency, WalletNetwork } from '@cardwallet/shared/schemas';
import type { SandboxChain } from '../../providers/chain/sandbox.js';
import type { WalletService } from './service.js';
import type { EvmDevTools } from './chain/evm-dev.js';
import { WalletError } from './errors.js';

/** The demo customer's transaction password (sandbox only; docs/api.md "Wallet pages"). */
export const DEMO_PAY_PASSWORD = '246810';

/** Address-book entries (checksummed, real formats; nobody's funds). */
export const DEMO_ADDRESSES = [
  { currency: 'USDT', network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', remark: 'Exchange account' },
  {
    currency: 'USDC',
    network: 'ERC20',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    remark: 'Hardware wallet',
  },
  { currency: 'ETH', network: 'ERC20', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', remark: undefined },
] as const;

interface SeedDeps {
  wallet: WalletService;
  chain: SandboxChain;
  /** ERC20 on the local dev chain (CHAIN_EVM_DEV_NODE=1): its deposits are real faucet transactions. */
  evmDev?: EvmDevTools | null;
  kycLevel(userId: string): Promise<number>;
  /** Records the step-up grant the customer's own proof would leave (issue 22: setting a transaction password needs one). */
  grantPaypassStepUp(userId: string): Promise<void>;
  /**
   * On the local dev chain: the sandbox administrator approves a withdrawal and the payout runs as the
   * outbox would run it (signed, broadcast, mined and followed to its confirmations on the node).
   */
  payOutOnChain?: ((withdrawalId: string) => Promise<void>) | null;
  log: FastifyBaseLogger;
}

/** Deterministic tx hash per demo deposit, so a seed retried after a failure never credits twice. */
function demoTxHash(userId: string, label: string, network: WalletNetwork): string {
  const h = createHash('sha256').update(`cardwallet-demo:${userId}:${label}`).digest('hex');
  return network === 'ERC20' ? `0x${h}` : h;
}

/**
 * The demo customer's wallet, made through the real services only: sandbox chain deposits mined to
 * their confirmations, exchanges on live quotes, a transfer to the card-funding account, a pending
 * withdrawal with the transaction password, address-book entries — and one deposit left confirming.
 * On the local dev chain also a real ERC-20 USDT withdrawal, approved, mined and confirmed.
 * Keys and tx hashes are fixed per demo customer, so a retry after a failure repeats nothing.
 */
export async function seedDemoWallet(deps: SeedDeps, userId: string): Promise<void> {
  const { wallet, chain } = deps;
  const deposit = async (label: string, currency: CryptoCurrency, network: WalletNetwork, amount: string) => {
    const { address } = await wallet.rechargeAddress(userId, currency, network);
    if (network === 'ERC20' && deps.evmDev) {
      // A real transaction cannot be repeated harmlessly: a retried seed skips what arrived.
      if (!(await deps.evmDev.hasDeposit(userId, currency))) await deps.evmDev.deposit({ address, currency, amount });
      return;
    }
    const transfer = await chain.simulateDeposit({
      address,
      currency,
      network,
      amount,
      txHash: demoTxHash(userId, label, network),
    });
    await wallet.recordIncoming(transfer);
  };

  await deposit('usdt-1', 'USDT', 'TRC20', '1800');
  await deposit('usdt-2', 'USDT', 'ERC20', '420.5');
  await deposit('usdc-1', 'USDC', 'ERC20', '650');
  await deposit('btc-1', 'BTC', 'BTC', '0.0425');
  await deposit('eth-1', 'ETH', 'ERC20', '1.35');
  await deposit('usdt-dust', 'USDT', 'TRC20', '0.3');
  for (const network of ['TRC20', 'ERC20', 'BTC'] as const) {
    if (network === 'ERC20' && deps.evmDev) await deps.evmDev.mine(deps.evmDev.confirmations());
    else await chain.mine(chain.requiredConfirmations(network), network);
  }
  // Still confirming when the customer first looks (the sandbox chain mines it within a minute).
  await deposit('usdt-confirming', 'USDT', 'TRC20', '120');

  for (const entry of DEMO_ADDRESSES) {
    const existing = await wallet.addresses(userId, entry.currency);
    if (existing.addresses.some((a) => a.address === entry.address)) continue;
    await wallet.addAddress(userId, { ...entry, remark: entry.remark });
  }

  const exchange = async (
    key: string,
    from: 'USDT' | 'BTC' | 'USDC',
    to: 'BTC' | 'ETH' | 'USDT' | 'USD',
    amount: string,
  ) => {
    const quote = await wallet.exchangeQuote(userId, { from, to, amount });
    await wallet.exchange(userId, `demo-seed:${key}`, { quoteId: quote.quoteId });
  };
  await exchange('exchange-1', 'USDT', 'BTC', '200');
  await exchange('exchange-2', 'BTC', 'USDT', '0.005');
  await exchange('exchange-3', 'USDC', 'USD', '150');

  if ((await deps.kycLevel(userId)) >= 1) {
    await wallet.transfer(userId, 'demo-seed:transfer-1', { currency: 'USDT', amount: '350' });
  } else {
    deps.log.warn(
      { userId },
      'wallet demo seed: the demo customer is below KYC level 1 (no kyc seed yet), so no transfer to card was made',
    );
  }

  // Ours when unset (also on a retry: the first attempt set it); someone else's otherwise.
  const status = await wallet.payPasswords.status(userId);
  if (!status.isSet) {
    await deps.grantPaypassStepUp(userId);
    await wallet.payPasswords.set(userId, DEMO_PAY_PASSWORD);
  }
  try {
    if (deps.evmDev && deps.payOutOnChain) {
      // A real ERC-20 withdrawal: USDT from the hot wallet to the customer's hardware wallet, on chain.
      const sent = await wallet.withdraw(userId, 'demo-seed:withdraw-erc20', {
        currency: 'USDT',
        network: 'ERC20',
        address: DEMO_ADDRESSES[1].address,
        amount: '25',
        payPassword: DEMO_PAY_PASSWORD,
      });
      await deps.payOutOnChain(sent.id);
    }
    await wallet.withdraw(userId, 'demo-seed:withdraw-1', {
      currency: 'USDT',
      network: 'TRC20',
      address: DEMO_ADDRESSES[0].address,
      amount: '60',
      payPassword: DEMO_PAY_PASSWORD,
    });
  } catch (e) {
    if (!(e instanceof WalletError) || e.key !== 'paypass_wrong') throw e;
    deps.log.warn(
      { userId },
      'wallet demo seed: the transaction password was set by someone else, so no withdrawals were made',
    );
  }
}
