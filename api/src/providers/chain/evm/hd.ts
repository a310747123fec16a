import { HDNodeWallet } from 'ethers';

/**
 * Deposit addresses from an account-level extended PUBLIC key (BIP-32/44: m/44'/60'/0' → …/0/i,
 * the external chain). Only the public half is here: the API can hand out and watch addresses but
 * cannot move what they hold — the sweeping signer that has the seed re-derives the key from the
 * recorded path.
 */
export function depositKeyAt(xpub: string, xpubPath: string, index: number): { address: string; path: string } {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error('address index out of range');
  const node = HDNodeWallet.fromExtendedKey(xpub);
  if ('privateKey' in node) throw new Error('CHAIN_EVM_XPUB must be a public key (xpub), not a private one');
  const child = node.deriveChild(0).deriveChild(index);
  return { address: child.address, path: `${xpubPath}/0/${index}` };
}
