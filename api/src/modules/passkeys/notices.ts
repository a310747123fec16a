import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@cardwallet/shared';

/**
 * Tells the customer on every bound channel that a passkey was added or removed (a passkey is a
 * way in: a thief with a session adding one must not go unnoticed). Best effort: the change
 * stands if delivery fails, as for binding changes.
 */
export async function notifyPasskeyChange(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  change: 'added' | 'removed',
  name: string,
): Promise<void> {
  const [user] = await app.database.sql.query<{ email: string | null; mobile: string | null }>(
    `select email, mobile from users where id = $1`,
    [userId],
  );
  const subjectKey = change === 'added' ? 'messages.passkeyAddedSubject' : 'messages.passkeyRemovedSubject';
  const bodyKey = change === 'added' ? 'messages.passkeyAddedBody' : 'messages.passkeyRemovedBody';
  const targets = [
    ...(user?.email ? [{ channel: 'email' as const, to: user.email }] : []),
    ...(user?.mobile ? [{ channel: 'sms' as const, to: user.mobile }] : []),
  ];
  for (const target of targets) {
    try {
      await app.messaging.send({
        ...target,
        subject: translate(request.locale, subjectKey),
        body: translate(request.locale, bodyKey, { name }),
      });
    } catch (e) {
      request.log.warn(
        { err: e instanceof Error ? { message: e.message } : e, channel: target.channel },
        'passkey notice not delivered',
      );
    }
  }
}
