import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StepUpProof, StepUpPurpose } from '@cardwallet/shared/schemas';
import { BusinessError } from '../../http/errors.js';
import { verifyPassword } from '../../security/password.js';
import { enforceStepUp, grantStepUp, type ProofVerifiers } from '../../security/step-up.js';
import { verifyPasskeyProof } from '../passkeys/index.js';
import { PayPasswords } from '../wallet/pay-password/paypass.js';
import type { AccountsService } from './service.js';
import { notifySecretChanged, stepUpUser } from './security-notices.js';

/**
 * The accounts side of step-up (security/step-up.ts): the proof verifiers, the user/stepUp route's
 * logic and the enforcement registered for the app's database. The security notices a change sends
 * are in security-notices.ts.
 */
export function proofVerifiers(app: FastifyInstance, accounts: AccountsService): ProofVerifiers {
  return {
    async password(user, password) {
      const row = await accounts.findById(user.id);
      if (!row) throw new BusinessError('session_expired');
      await accounts.passwordAttempt(`user:${row.email ?? row.mobile}`, app.clock.now(), () =>
        verifyPassword(password, row.password_hash),
      );
    },
    async payPassword(user, payPassword) {
      await new PayPasswords(app.database.sql, app.config.scryptN).verify(String(user.id), payPassword);
    },
    async code(account, code, effect) {
      await accounts.withCode(account, 'rebind', code, effect);
    },
    async passkey(user, ceremonyId, response) {
      await verifyPasskeyProof(app, Number(user.id), response as never, ceremonyId);
    },
  };
}

/** POST user/stepUp. */
export async function stepUp(
  app: FastifyInstance,
  accounts: AccountsService,
  request: FastifyRequest,
  body: { purpose: StepUpPurpose; proof: StepUpProof },
) {
  const user = await stepUpUser(app.database.sql, request.user!.id);
  if (!user) throw new BusinessError('session_expired');
  return grantStepUp(
    app.database.sql,
    proofVerifiers(app, accounts),
    user,
    body.purpose,
    body.proof,
    request.locale,
    app.clock.now(),
  );
}

/** From now on, the transaction password and card PINs of this app's customers need a step-up grant. */
export function installStepUp(app: FastifyInstance): void {
  enforceStepUp(app.database.sql, {
    now: () => app.clock.now(),
    user: (userId, tx) => stepUpUser(tx ?? app.database.sql, userId),
    secretChanged: (userId, secret, locale) =>
      notifySecretChanged(app, userId, secret, locale).catch((e: unknown) =>
        app.log.warn({ err: e }, 'security notice failed'),
      ),
  });
}
