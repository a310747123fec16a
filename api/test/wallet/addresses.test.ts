import { describe, expect, it } from 'vitest';
import { hex } from '@scure/base';
import {
  addressFromPrivateKey,
  canonicalAddress,
  deriveDepositAddress,
  isValidAddress,
  isValidBtcAddress,
  isValidEvmAddress,
  isValidTronAddress,
  toChecksumAddress,
} from '../../src/providers/chain/addresses';

const KEY_ONE = hex.decode('0000000000000000000000000000000000000000000000000000000000000001');

describe('address derivation', () => {
  it('matches the well-known addresses of private key 1 on every network', () => {
    expect(addressFromPrivateKey('ERC20', KEY_ONE)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    expect(addressFromPrivateKey('TRC20', KEY_ONE)).toBe('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC');
    expect(addressFromPrivateKey('BTC', KEY_ONE)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it('is deterministic per secret, user, currency and network and valid for its network', () => {
    const a = deriveDepositAddress('s3cret', { userId: 'u1', currency: 'USDT', network: 'TRC20' });
    expect(deriveDepositAddress('s3cret', { userId: 'u1', currency: 'USDT', network: 'TRC20' })).toBe(a);
    expect(deriveDepositAddress('s3cret', { userId: 'u2', currency: 'USDT', network: 'TRC20' })).not.toBe(a);
    expect(deriveDepositAddress('other', { userId: 'u1', currency: 'USDT', network: 'TRC20' })).not.toBe(a);
    expect(isValidTronAddress(a)).toBe(true);
    const evm = deriveDepositAddress('s3cret', { userId: 'u1', currency: 'USDC', network: 'ERC20' });
    expect(isValidEvmAddress(evm)).toBe(true);
    expect(evm).toBe(toChecksumAddress(evm));
    expect(isValidBtcAddress(deriveDepositAddress('s3cret', { userId: 'u1', currency: 'BTC', network: 'BTC' }))).toBe(
      true,
    );
  });
});

describe('address validation', () => {
  it('TRON: base58check with the 0x41 prefix', () => {
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false); // checksum
    expect(isValidTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false); // BTC version byte
    expect(isValidTronAddress('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf')).toBe(false);
  });

  it('EVM: EIP-55 checksum enforced on mixed case', () => {
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidEvmAddress('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true);
    expect(isValidEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(canonicalAddress('ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });

  it('BTC: P2PKH, P2SH, bech32 v0 and bech32m taproot', () => {
    expect(isValidBtcAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidBtcAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidBtcAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidBtcAddress('bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(true);
    expect(isValidBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidBtcAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidBtcAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false); // testnet
  });

  it('refuses addresses of another network', () => {
    expect(isValidAddress('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isValidAddress('BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });
});
