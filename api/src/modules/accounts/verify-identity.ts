import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VerifyIdentityBody } from '@cardwallet/shared/schemas';
import type { SqlRunner } from '../../db/index.js';
import { BusinessError } from '../../http/errors.js';
import { verifyPassword } from '../../security/password.js';
import { hashToken, newToken } from '../../security/tokens.js';
import type { AccountsService } from './service.js';
import { verifyPasskeyProof } from '../passkeys/index.js';

// Apart from rebind.ts (which service.ts uses) so that no accounts/rebind <-> accounts/service cycle remains.
/**
 * Member centre: changing an existing e-mail or mobile binding re-authenticates first (OWASP ASVS
 * V7.5.1) and tells the customer on the old channel afterwards (ASVS V7.2.x-style notification).
 *
 * user/verifyIdentity proves the customer with a 'rebind' code sent to the CURRENT binding of the
 * channel, with the login password when that number/address is unreachable (same lockout as
 * a failed login), or with a passkey (the passkey/proofOptions ceremony, single use). It answers a single-use ticket for user/sumbitBind, valid 10 minutes, bound to
 * the user and the channel, stored as SHA-256.
 */
export const REBIND_TICKET_SECONDS = 600;

export async function verifyIdentity(
  app: FastifyInstance,
  accounts: AccountsService,
  request: FastifyRequest,
  body: VerifyIdentityBody,
) {
  const auth = request.user!;
  const user = await accounts.findById(auth.id);
  if (!user) throw new BusinessError('session_expired');
  const current = body.channel === 'email' ? user.email : user.mobile;
  const now = app.clock.now();
  const ticket = newToken();
  const insertTicket = (tx: SqlRunner) =>
    tx.query(
      `insert into rebind_tickets (user_id, channel, ticket_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
      [
        user.id,
        body.channel,
        hashToken(ticket),
        now.toISOString(),
        new Date(now.getTime() + REBIND_TICKET_SECONDS * 1000).toISOString(),
      ],
    );
  if (body.method === 'code') {
    // A first binding of this channel is proved on the channel bound before it (issue 22).
    const target = current ?? (body.channel === 'email' ? user.mobile : user.email);
    if (!target) throw new BusinessError('code_invalid');
    await accounts.withCode(target, 'rebind', body.code, insertTicket);
  } else if (body.method === 'passkey') {
    // A passkey is a fresh proof of the account holder (the step-up ceremony, single use).
    await verifyPasskeyProof(app, Number(user.id), body.response as never, body.ceremonyId, request);
    await insertTicket(app.database.sql);
  } else {
    await accounts.passwordAttempt(`user:${user.email ?? user.mobile}`, now, () =>
      verifyPassword(body.password, user.password_hash),
    );
    await insertTicket(app.database.sql);
  }
  return { ticket, expiresInSeconds: REBIND_TICKET_SECONDS };
}
