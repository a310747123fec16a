import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type Locale } from '@cardwallet/shared';

type MessageKey = `messages.${string}`;
import type { StepUpProof, StepUpPurpose } from '@cardwallet/shared/schemas';
import type { SqlRunner } from '../../db/index.js';
import { BusinessError } from '../../http/errors.js';
import { verifyPassword } from '../../security/password.js';
import {
  enforceStepUp,
  grantStepUp,
  type ProofVerifiers,
  type SecretKind,
  type StepUpUser,
} from '../../security/step-up.js';
import { verifyPasskeyProof } from '../passkeys/index.js';
import { PayPasswords } from '../wallet/paypass.js';
import type { AccountsService } from './service.js';

/**
 * The accounts side of step-up (security/step-up.ts): the proof verifiers, the user/stepUp route's
 * logic, the enforcement registered for the app's database, and the security notices sent on the
 * channels bound BEFORE a change (as banks do).
 */
const SECRET_NAME: Record<SecretKind, MessageKey> = {
  loginPassword: 'messages.secretLoginPassword',
  payPassword: 'messages.secretPayPassword',
  cardPin: 'messages.secretCardPin',
};

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

async function stepUpUser(db: SqlRunner, userId: string | number): Promise<StepUpUser | undefined> {
  const [row] = await db.query<StepUpUser>(
    `select id::float8 as id, email, mobile, created_at from users where id = $1`,
    [userId],
  );
  return row;
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

/**
 * One security notice on each of `to` (e-mail or mobile). Best effort: the change stands when a
 * delivery fails, which is logged.
 */
export async function sendSecurityNotice(
  app: FastifyInstance,
  to: Array<string | null | undefined>,
  locale: Locale,
  body: MessageKey,
  params: Record<string, string>,
) {
  for (const account of to) {
    if (!account) continue;
    const channel = account.includes('@') ? 'email' : 'sms';
    try {
      await app.messaging.send({
        channel,
        to: account,
        subject: translate(locale, 'messages.securityNoticeSubject'),
        body: translate(locale, body, params),
      });
    } catch (e) {
      app.log.warn({ err: e instanceof Error ? { message: e.message } : e, channel }, 'security notice not delivered');
    }
  }
}

/** "Your <secret> was changed" on every channel bound to the customer. */
export async function notifySecretChanged(
  app: FastifyInstance,
  userId: string | number,
  secret: SecretKind,
  locale: Locale | undefined,
) {
  const user = await stepUpUser(app.database.sql, userId);
  if (!user) return;
  // Without the request's language (a reset by code deep in the wallet), the one of the customer's last step-up.
  const lang =
    locale ??
    (
      await app.database.sql.query<{ locale: Locale }>(
        `select locale from step_up_grants where user_id = $1 order by id desc limit 1`,
        [userId],
      )
    )[0]?.locale ??
    'en-US';
  await sendSecurityNotice(app, [user.email, user.mobile], lang, 'messages.secretChangedBody', {
    secret: translate(lang, SECRET_NAME[secret]),
  });
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
