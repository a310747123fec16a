import type { FastifyInstance } from 'fastify';
import { translate, type Locale } from '@cardwallet/shared';
import type { SqlRunner } from '../../db/index.js';
import type { SecretKind, StepUpUser } from '../../security/step-up.js';

type MessageKey = `messages.${string}`;

/**
 * Security notices, sent on the channels bound BEFORE a change (as banks do). Step-up, the account
 * service, rebinding and WeChat unbinding all send them; this file imports none of them.
 */
const SECRET_NAME: Record<SecretKind, MessageKey> = {
  loginPassword: 'messages.secretLoginPassword',
  payPassword: 'messages.secretPayPassword',
  cardPin: 'messages.secretCardPin',
};

/** The customer as step-up and the notices read them: id, the bound channels, the account's age. */
export async function stepUpUser(db: SqlRunner, userId: string | number): Promise<StepUpUser | undefined> {
  const [row] = await db.query<StepUpUser>(
    `select id::float8 as id, email, mobile, created_at from users where id = $1`,
    [userId],
  );
  return row;
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
