import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@cardwallet/shared';
import type { SqlRunner } from '../../db/index.js';
import { BusinessError } from '../../http/errors.js';
import { hashToken } from '../../security/tokens.js';
import { revokeSessions } from './sessions.js';
import { sendSecurityNotice } from './security-notices.js';

/**
 * Inside user/sumbitBind's transaction: for every binding — a first one too, since a stolen session
 * must not add a channel it controls (issue 22) — a live ticket
 * of user/verifyIdentity for this channel is required and consumed (reauth_required without one,
 * reset_ticket_invalid — "verify again" — with a wrong, used or expired one).
 */
export async function consumeRebindTicket(
  tx: SqlRunner,
  userId: number,
  channel: 'email' | 'mobile',
  ticket: string | undefined,
  now: Date,
): Promise<void> {
  if (!ticket) throw new BusinessError('reauth_required');
  const rows = await tx.query(
    `update rebind_tickets set used_at = $4
      where user_id = $1 and channel = $2 and ticket_hash = $3 and used_at is null and expires_at > $4
      returning id`,
    [userId, channel, hashToken(ticket), now.toISOString()],
  );
  if (rows.length === 0) throw new BusinessError('reset_ticket_invalid');
}

/**
 * Tells the customer on every channel bound BEFORE the change: a replaced binding on its old value
 * and the other channel, a first binding on the other channel. Best effort: the change stands if
 * delivery fails.
 */
export async function notifyBindingChanged(
  app: FastifyInstance,
  request: FastifyRequest,
  channel: 'email' | 'mobile',
  before: { email: string | null; mobile: string | null },
  newAccount: string,
) {
  const oldAccount = before[channel];
  const other = channel === 'email' ? before.mobile : before.email;
  const channelName = translate(
    request.locale,
    channel === 'email' ? 'messages.channelEmail' : 'messages.channelMobile',
  );
  if (!oldAccount) {
    await sendSecurityNotice(app, [other], request.locale, 'messages.channelAddedBody', {
      channel: channelName,
      new: maskForNotice(newAccount),
    });
    return;
  }
  const mask = (a: string) => maskForNotice(a);
  for (const to of [oldAccount, other]) {
    if (!to) continue;
    await sendBindingChanged(app, request, channel, to, oldAccount, newAccount, mask);
  }
}

async function sendBindingChanged(
  app: FastifyInstance,
  request: FastifyRequest,
  channel: 'email' | 'mobile',
  to: string,
  oldAccount: string,
  newAccount: string,
  mask: (a: string) => string,
) {
  try {
    await app.messaging.send({
      channel: to.includes('@') ? 'email' : 'sms',
      to,
      subject: translate(request.locale, 'messages.bindingChangedSubject'),
      body: translate(request.locale, 'messages.bindingChangedBody', {
        channel: translate(request.locale, channel === 'email' ? 'messages.channelEmail' : 'messages.channelMobile'),
        old: mask(oldAccount),
        new: mask(newAccount),
      }),
    });
  } catch (e) {
    request.log.warn(
      { err: e instanceof Error ? { message: e.message } : e, channel },
      'binding-changed notice not delivered',
    );
  }
}

function maskForNotice(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  return account.length > 8 ? `${account.slice(0, 4)}****${account.slice(-3)}` : `${account.slice(0, 2)}****`;
}

/** user/logoutOthers: every session of the customer except the one asking. */
export async function logoutOthers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ revokedSessions: number }> {
  const auth = request.user!;
  return { revokedSessions: await revokeSessions(app.database.sql, auth.id, app.clock.now(), auth.sessionId) };
}
