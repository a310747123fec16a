import { describe, expect, it } from 'vitest';
import { accountKey } from '../../src/ledger/accounts';
import { chainSendSettled, chainSweep, depositCredit } from '../../src/ledger/posting';

const byKey = (entries: ReturnType<typeof chainSweep>['entries']) =>
  Object.fromEntries(entries.map((e) => [accountKey(e.account), e.amount]));

/** The books of a sweep (docs/ledger.md "Sweep"): balanced per currency, no customer account. */
describe('chain_sweep posting', () => {
  it('ERC20 deposits are credited against the deposit addresses, other networks against the hot wallet', () => {
    const d = (network: 'ERC20' | 'TRC20') =>
      byKey(
        depositCredit({ depositId: 'd', userId: 'u', currency: 'USDT', network, amount: '10', txHash: 'h' }).entries,
      );
    expect(d('ERC20')).toEqual({ 'system:chain_deposit_addresses:USDT:ERC20': '-10', 'user:u:wallet:USDT': '10' });
    expect(d('TRC20')).toEqual({ 'system:chain_hot_wallet:USDT:TRC20': '-10', 'user:u:wallet:USDT': '10' });
  });

  it('a token sweep moves the amount; its gas is paid by the deposit address (the top-up ETH there)', () => {
    const p = chainSweep({ sweepId: 's', currency: 'USDT', amount: '100', sent: '100', gas: '0.000123', txHash: 'h' });
    expect(p).toMatchObject({ ref: 'sweep:s', type: 'chain_sweep', userId: null });
    expect(byKey(p.entries)).toEqual({
      'system:chain_deposit_addresses:USDT:ERC20': '100',
      'system:chain_hot_wallet:USDT:ERC20': '-100',
      'system:chain_deposit_addresses:ETH:ERC20': '0.000123',
      'system:chain_network_fees:ETH': '-0.000123',
    });
  });

  it('a settled hot-wallet send books its gas as a network fee; a top-up also moves ETH to the deposit addresses', () => {
    const w = chainSendSettled({ clientTxId: 'w1', gas: '0.000052', internal: null, txHash: 'h' })!;
    expect(w).toMatchObject({ ref: 'chain-send:w1', type: 'chain_send', userId: null, txHash: 'h' });
    expect(byKey(w.entries)).toEqual({
      'system:chain_hot_wallet:ETH:ERC20': '0.000052',
      'system:chain_network_fees:ETH': '-0.000052',
    });
    const topup = chainSendSettled({
      clientTxId: 'sweep-gas:s',
      gas: '0.000021',
      internal: { currency: 'ETH', amount: '0.0004' },
      txHash: 'h',
    })!;
    expect(byKey(topup.entries)).toEqual({
      'system:chain_hot_wallet:ETH:ERC20': '0.000421',
      'system:chain_deposit_addresses:ETH:ERC20': '-0.0004',
      'system:chain_network_fees:ETH': '-0.000021',
    });
    expect(chainSendSettled({ clientTxId: 'x', gas: '0', internal: null, txHash: 'h' })).toBeNull();
  });

  it('an ETH sweep pays its gas from the address; the unspent reserve stays booked there', () => {
    const p = chainSweep({ sweepId: 's', currency: 'ETH', amount: '0.5', sent: '0.49', gas: '0.000021', txHash: 'h' });
    expect(byKey(p.entries)).toEqual({
      'system:chain_deposit_addresses:ETH:ERC20': '0.490021',
      'system:chain_hot_wallet:ETH:ERC20': '-0.49',
      'system:chain_network_fees:ETH': '-0.000021',
    });
  });

  it('a reverted sweep books only its gas', () => {
    const token = chainSweep({ sweepId: 's', currency: 'USDC', amount: '0', sent: '0', gas: '0.0001', txHash: 'h' });
    expect(byKey(token.entries)).toEqual({
      'system:chain_deposit_addresses:ETH:ERC20': '0.0001',
      'system:chain_network_fees:ETH': '-0.0001',
    });
    const eth = chainSweep({ sweepId: 's', currency: 'ETH', amount: '0', sent: '0', gas: '0.0001', txHash: 'h' });
    expect(byKey(eth.entries)).toEqual({
      'system:chain_deposit_addresses:ETH:ERC20': '0.0001',
      'system:chain_network_fees:ETH': '-0.0001',
    });
  });
});
