import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SqlRunner } from '../../db/index.js';
import { BusinessError } from '../../http/errors.js';
import { hashToken, newToken } from '../../security/tokens.js';

/** A WebAuthn ceremony's challenge lives 5 minutes and answers once. */
export const CEREMONY_SECONDS = 300;

export type CeremonyPurpose = 'register' | 'login' | 'proof';

export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** Exact origins, or 'localhost' = any http(s)://localhost:<port> (sandbox default). */
  origins: string[] | 'localhost';
}

/** The relying party from configuration; passkeys are off (passkey_unavailable) when there is none. */
export function relyingParty(app: FastifyInstance): RelyingParty {
  const rp = app.config.passkeys;
  if (!rp) throw new BusinessError('passkey_unavailable');
  return rp;
}

/**
 * The origin the browser put in clientDataJSON when it is one we accept (verification then checks
 * it again, together with the RP ID hash); undefined otherwise. Only read, never trusted as is.
 */
export function acceptedOrigin(rp: RelyingParty, clientDataJSON: string): string | undefined {
  let origin: unknown;
  try {
    origin = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { origin?: unknown }).origin;
  } catch {
    return undefined;
  }
  if (typeof origin !== 'string') return undefined;
  if (rp.origins === 'localhost') return /^https?:\/\/localhost(:\d{1,5})?$/.test(origin) ? origin : undefined;
  return rp.origins.includes(origin) ? origin : undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Records a new ceremony: the client gets a random ceremony id (256 bits) to send back; the table
 * holds only SHA-256 of that id and of the challenge. Expired rows are swept on the way.
 */
export async function openCeremony(
  db: SqlRunner,
  purpose: CeremonyPurpose,
  userId: number | null,
  challenge: string,
  now: Date,
): Promise<string> {
  const ceremonyId = newToken();
  await db.query(`delete from passkey_challenges where expires_at < $1`, [
    new Date(now.getTime() - 3600_000).toISOString(),
  ]);
  await db.query(
    `insert into passkey_challenges (ceremony_hash, purpose, user_id, challenge_hash, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
    [
      hashToken(ceremonyId),
      purpose,
      userId,
      sha256(challenge).toString('hex'),
      now.toISOString(),
      new Date(now.getTime() + CEREMONY_SECONDS * 1000).toISOString(),
    ],
  );
  return ceremonyId;
}

/**
 * Uses up the ceremony in one UPDATE … RETURNING (of N racing requests exactly one gets it), before
 * the response is even verified: a failed attempt burns the challenge too. Bound to purpose and,
 * when given, to the user. Answers the check to hand to @simplewebauthn/server as expectedChallenge.
 */
export async function consumeCeremony(
  db: SqlRunner,
  ceremonyId: string,
  purpose: CeremonyPurpose,
  userId: number | null,
  now: Date,
): Promise<(challenge: string) => boolean> {
  const [row] = await db.query<{ challenge_hash: string }>(
    `update passkey_challenges set used_at = $3
      where ceremony_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
        and (($4::bigint is null and user_id is null) or user_id = $4::bigint)
      returning challenge_hash`,
    [hashToken(ceremonyId), purpose, now.toISOString(), userId],
  );
  if (!row) throw new BusinessError('passkey_ceremony_expired');
  const expected = Buffer.from(row.challenge_hash, 'hex');
  return (challenge: string) => timingSafeEqual(sha256(challenge), expected);
}

/** The options object as the loose JSON the response schema declares (it is JSON already). */
export const asJson = <T extends { challenge: string }>(options: T) =>
  options as unknown as { challenge: string } & Record<string, unknown>;
