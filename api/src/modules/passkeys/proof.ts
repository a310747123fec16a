import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generateAuthenticationOptions, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { BusinessError } from '../../http/errors.js';
import { asJson, CEREMONY_SECONDS, consumeCeremony, openCeremony, relyingParty } from './ceremonies.js';
import { PasskeysService } from './service.js';

/**
 * Passkey as a fresh proof (step-up) for a signed-in customer: `passkeyProofOptions` opens a
 * 'proof' ceremony bound to the user and limited to their own credentials; `verifyPasskeyProof`
 * consumes it and verifies the assertion. A proof ceremony never signs anyone in, and a login
 * ceremony's challenge is never accepted as a proof (purpose and user are part of the lookup).
 */
export async function passkeyProofOptions(app: FastifyInstance, userId: number) {
  const rp = relyingParty(app);
  const keys = await app.database.sql.query<{ credential_id: string; transports: string }>(
    `select credential_id, transports from passkeys where user_id = $1`,
    [userId],
  );
  if (keys.length === 0) throw new BusinessError('passkey_not_found');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: 'required',
    timeout: CEREMONY_SECONDS * 1000,
    allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: JSON.parse(k.transports) as never })),
  });
  const ceremonyId = await openCeremony(app.database.sql, 'proof', userId, options.challenge, app.clock.now());
  return { ceremonyId, options: asJson(options) };
}

/**
 * Resolves when `response` is a valid, fresh assertion by one of `userId`'s passkeys over the
 * challenge of `ceremonyId` (single use, 5 minutes); throws BusinessError otherwise
 * (passkey_ceremony_expired or passkey_invalid).
 */
export async function verifyPasskeyProof(
  app: FastifyInstance,
  userId: number,
  response: AuthenticationResponseJSON,
  ceremonyId: string,
  request?: FastifyRequest,
): Promise<{ passkeyId: string }> {
  relyingParty(app);
  const challenge = await consumeCeremony(app.database.sql, ceremonyId, 'proof', userId, app.clock.now());
  const row = await new PasskeysService(app).assert(request, response, challenge, userId);
  return { passkeyId: row.id };
}
