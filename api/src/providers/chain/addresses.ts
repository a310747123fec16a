import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check, hex } from '@scure/base';
import type { WalletNetwork } from '@cardwallet/shared/schemas';

/**
 * Address derivation and validation for the networks we support. Deposit addresses come from real
 * secp256k1 keys derived deterministically from a server secret (HMAC-SHA256 → private scalar), so
 * they are valid on their chain and the same every time for the same user, currency and network.
 */

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;
const SECP256K1_ORDER = secp256k1.Point.CURVE().n;
const utf8 = (s: string) => new TextEncoder().encode(s);

/** The private key behind a deposit address. Never stored: the signer re-derives it from the secret. */
export function derivePrivateKey(secret: string, label: string): Uint8Array {
  for (let counter = 0; counter < 256; counter++) {
    const candidate = hmac(sha256, utf8(secret), utf8(`cardwallet/deposit/v1/${label}/${counter}`));
    const scalar = BigInt(`0x${hex.encode(candidate)}`);
    if (scalar > 0n && scalar < SECP256K1_ORDER) return candidate;
  }
  throw new Error('could not derive a valid secp256k1 key');
}

function evmAddressBytes(privateKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.getPublicKey(privateKey, false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** EIP-55 mixed-case checksum. */
export function toChecksumAddress(address20: Uint8Array | string): string {
  const lower = typeof address20 === 'string' ? address20.toLowerCase().replace(/^0x/, '') : hex.encode(address20);
  const hash = hex.encode(keccak_256(utf8(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function tronAddressFromEvmBytes(address20: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(address20, 1);
  return base58check.encode(payload);
}

function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}

/** Native SegWit v0 P2WPKH (bc1q…). */
export function btcP2wpkhAddress(privateKey: Uint8Array): string {
  const program = hash160(secp256k1.getPublicKey(privateKey, true));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

export function addressFromPrivateKey(network: WalletNetwork, privateKey: Uint8Array): string {
  switch (network) {
    case 'ERC20':
      return toChecksumAddress(evmAddressBytes(privateKey));
    case 'TRC20':
      return tronAddressFromEvmBytes(evmAddressBytes(privateKey));
    case 'BTC':
      return btcP2wpkhAddress(privateKey);
  }
}

export function deriveDepositAddress(
  secret: string,
  input: { userId: string; currency: string; network: WalletNetwork },
): string {
  const key = derivePrivateKey(secret, `${input.network}/${input.currency}/${input.userId}`);
  return addressFromPrivateKey(input.network, key);
}

// ---- Validation ---------------------------------------------------------------------------------

export function isValidTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/**
 * EVM: all-lower or all-upper hex is accepted (no checksum present, as wallets do); mixed case
 * must match EIP-55 exactly, so a mistyped checksummed address is refused.
 */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === address;
}

const BTC_BASE58_VERSIONS = new Set([0x00, 0x05]); // P2PKH, P2SH (mainnet)

export function isValidBtcAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1')) {
    if (address !== lower && address !== address.toUpperCase()) return false; // BIP-173: no mixed case
    try {
      const version = lower[3] === 'q' ? 0 : 1;
      const decoded =
        version === 0 ? bech32.decode(lower as `${string}1${string}`) : bech32m.decode(lower as `${string}1${string}`);
      if (decoded.prefix !== 'bc') return false;
      const [witnessVersion, ...rest] = decoded.words;
      if (witnessVersion === undefined) return false;
      const program = bech32.fromWords(rest);
      if (witnessVersion === 0) return program.length === 20 || program.length === 32;
      return witnessVersion <= 16 && program.length >= 2 && program.length <= 40;
    } catch {
      return false;
    }
  }
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && BTC_BASE58_VERSIONS.has(payload[0]!);
  } catch {
    return false;
  }
}

export function isValidAddress(network: WalletNetwork, address: string): boolean {
  switch (network) {
    case 'TRC20':
      return isValidTronAddress(address);
    case 'ERC20':
      return isValidEvmAddress(address);
    case 'BTC':
      return isValidBtcAddress(address);
  }
}

/** Canonical stored form: EIP-55 for EVM, lower-case bech32, base58 as is. */
export function canonicalAddress(network: WalletNetwork, address: string): string {
  if (network === 'ERC20') return toChecksumAddress(address);
  if (network === 'BTC' && address.toLowerCase().startsWith('bc1')) return address.toLowerCase();
  return address;
}
