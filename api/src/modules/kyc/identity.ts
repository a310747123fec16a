import { createHmac } from 'node:crypto';
import type { SqlRunner } from '../../ledger/sql.js';
import { BusinessError } from '../../http/errors.js';

/** Sandbox-only default of KYC_IDENTITY_HASH_KEY (documented in docs/kyc.md; never used outside sandbox). */
export const SANDBOX_IDENTITY_KEY = 'sandbox-kyc-identity-key-not-secret';

/**
 * The identity a verified document stands for: HMAC-SHA256 (keyed, so a stolen table cannot be
 * tested against guessed numbers) over document type, country and number, normalised so that
 * spacing and letter case do not make a second identity out of the same document.
 */
export function identityHash(
  key: string,
  doc: { document_type: string; country: string; document_number: string },
): string {
  const number = doc.document_number.replace(/[\s-]/g, '').toUpperCase();
  return createHmac('sha256', key)
    .update(JSON.stringify([doc.document_type, doc.country.toUpperCase(), number]))
    .digest('hex');
}

/**
 * Claims the identity for `userId`, or refuses when it already backs another account. The
 * primary key decides between two accounts claiming at the same moment: the second insert waits
 * for the first and then finds it.
 */
export async function claimIdentity(db: SqlRunner, userId: string, hash: string): Promise<void> {
  await db.query(`insert into kyc_identities (identity_hash, user_id) values ($1, $2::bigint) on conflict do nothing`, [
    hash,
    userId,
  ]);
  const [holder] = await db.query<{ user_id: string }>(
    `select user_id::text as user_id from kyc_identities where identity_hash = $1`,
    [hash],
  );
  if (holder && holder.user_id !== userId) throw new BusinessError('kyc_identity_in_use');
}
