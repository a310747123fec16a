import { ResultCode } from '@cardwallet/shared';
import type { ThreeDsChallenge, ThreeDsStatus } from '@cardwallet/shared/schemas';
import type { DomainEvents } from '../../../events/domain-events.js';
import { BusinessError } from '../../../http/errors.js';
import { format, formatFixed } from '../../../ledger/money';
import type { SqlDatabase } from '../../../ledger/sql';
import { CardIssuerError, type CardIssuer, type ThreeDsDecision } from '../../../providers/card-issuer/types';
import type { PasskeyProofVerifier } from '../model.js';
import { CardError, requirePayPassword } from '../errors';

interface Row {
  id: string;
  issuer_challenge_id: string;
  user_id: string;
  card_id: string;
  merchant_name: string;
  merchant_city: string | null;
  merchant_country: string | null;
  mcc: string | null;
  amount: string;
  currency: string;
  billing_amount: string;
  status: ThreeDsStatus;
  created_at: string | Date;
  expires_at: string | Date;
  answered_at: string | Date | null;
  last4: string | null;
  brand: string;
}
const COLUMNS = `t.id, t.issuer_challenge_id, t.user_id, t.card_id, t.merchant_name, t.merchant_city, t.merchant_country, t.mcc,
  t.amount::text AS amount, t.currency, t.billing_amount::text AS billing_amount, t.status, t.created_at, t.expires_at, t.answered_at, c.last4, c.brand`;
const FROM = `card_threeds_challenges t JOIN cards c ON c.id = t.card_id`;
const iso = (v: string | Date) => new Date(v).toISOString();

function toChallenge(r: Row): ThreeDsChallenge {
  return {
    id: r.id,
    cardId: r.card_id,
    maskedNumber: `•••• ${r.last4 ?? '····'}`,
    cardBrand: r.brand,
    merchant: { name: r.merchant_name, city: r.merchant_city, country: r.merchant_country, mcc: r.mcc },
    amount: format(r.amount),
    currency: r.currency,
    billingAmount: formatFixed(r.billing_amount, 2),
    status: r.status,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
    answeredAt: r.answered_at ? iso(r.answered_at) : null,
  };
}

export type ThreeDsProof =
  | { payPassword: string; passkey?: undefined }
  | { passkey: { ceremonyId: string; response: unknown }; payPassword?: undefined };

/**
 * 3-D Secure approved in the app (docs/cards.md "3-D Secure in the app"). The issuer asked by signed
 * webhook (three-ds/webhook.ts); the customer approves with a fresh proof (a passkey, else the
 * transaction password) or declines with one tap; 5 minutes without an answer declines.
 *
 * Exactly once: the answer is taken by ONE conditional UPDATE (`status = 'pending' AND expires_at >
 * now`) — of 50 racing answers (double tap, two tabs, a retry, the timeout job) exactly one changes
 * the row, and only that one tells the issuer. Repeating the answer that won answers it again; any
 * other → `card_threeds_answered` / `card_threeds_expired`. Telling the issuer is idempotent there
 * (first answer wins); if it fails, `issuer_notified_at` stays NULL and the job sends it again.
 */
export class ThreeDsChallenges {
  constructor(
    private readonly deps: {
      db: SqlDatabase;
      issuer: CardIssuer;
      payPasswords: { verify(userId: string, password: string): Promise<void> };
      now: () => Date;
      events?: Pick<DomainEvents, 'record'>;
    },
  ) {}

  private async row(userId: string, id: string): Promise<Row> {
    const [r] = await this.deps.db.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE t.id = $1 AND t.user_id = $2`, [
      id,
      userId,
    ]);
    if (!r) throw new CardError('not_found', {}, ResultCode.notFound);
    return r;
  }

  /** The customer's challenges still waiting for an answer (the sheet shows the oldest first). */
  async pending(userId: string): Promise<{ data: ThreeDsChallenge[] }> {
    const rows = await this.deps.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE t.user_id = $1 AND t.status = 'pending' AND t.expires_at > $2 ORDER BY t.created_at LIMIT 20`,
      [userId, this.deps.now().toISOString()],
    );
    return { data: rows.map(toChallenge) };
  }

  async get(userId: string, id: string): Promise<ThreeDsChallenge> {
    return toChallenge(await this.row(userId, id));
  }

  async approve(userId: string, id: string, proof: ThreeDsProof, verifyPasskey?: PasskeyProofVerifier) {
    const before = await this.row(userId, id);
    // Nothing to prove for a challenge already answered or expired: say what happened.
    const settled = await this.settledAnswer(before, 'approved');
    if (settled) return settled;
    if (proof.passkey) {
      // Without a verifier a passkey proof must never pass: fail closed.
      if (!verifyPasskey) throw new BusinessError('passkey_invalid');
      await verifyPasskey(userId, proof.passkey);
    } else {
      await requirePayPassword(this.deps.payPasswords, userId, proof.payPassword ?? '');
    }
    return this.answer(userId, id, 'approved', proof.passkey ? 'passkey' : 'pay_password');
  }

  async decline(userId: string, id: string) {
    const before = await this.row(userId, id);
    const settled = await this.settledAnswer(before, 'declined');
    if (settled) return settled;
    return this.answer(userId, id, 'declined', null);
  }

  /** A challenge no longer pending: the same answer again is answered with it; anything else is refused. */
  private async settledAnswer(r: Row, wanted: 'approved' | 'declined'): Promise<ThreeDsChallenge | null> {
    if (r.status === 'pending' && new Date(r.expires_at).getTime() > this.deps.now().getTime()) return null;
    if (r.status === 'pending') {
      // Past its time but the job has not run yet: time it out here (the same conditional UPDATE).
      await this.timeOut(r.id);
      throw new CardError('card_threeds_expired', {}, ResultCode.conflict, { status: 'timed_out' });
    }
    if (r.status === wanted) return toChallenge(r);
    if (r.status === 'timed_out')
      throw new CardError('card_threeds_expired', {}, ResultCode.conflict, { status: r.status });
    throw new CardError('card_threeds_answered', { status: r.status }, ResultCode.conflict, { status: r.status });
  }

  private async answer(
    userId: string,
    id: string,
    decision: 'approved' | 'declined',
    via: 'pay_password' | 'passkey' | null,
  ): Promise<ThreeDsChallenge> {
    const now = this.deps.now().toISOString();
    const won = await this.deps.db.query<{ id: string }>(
      `UPDATE card_threeds_challenges SET status = $3, answered_at = $4, answered_via = $5
       WHERE id = $1 AND user_id = $2 AND status = 'pending' AND expires_at > $4 RETURNING id`,
      [id, userId, decision, now, via],
    );
    if (!won[0]) {
      // Another answer (tab, tap, retry or the timeout) got there first.
      const settled = await this.settledAnswer(await this.row(userId, id), decision);
      if (settled) return settled;
      throw new CardError('card_threeds_answered', { status: 'pending' }, ResultCode.conflict);
    }
    await this.tellIssuer(id);
    return toChallenge(await this.row(userId, id));
  }

  /** Sends the recorded answer to the issuer (idempotent there); marks it delivered. */
  private async tellIssuer(id: string): Promise<boolean> {
    const [r] = await this.deps.db.query<{ issuer_challenge_id: string; status: ThreeDsDecision }>(
      `SELECT issuer_challenge_id, status FROM card_threeds_challenges WHERE id = $1 AND status <> 'pending'`,
      [id],
    );
    if (!r) return false;
    try {
      await this.deps.issuer.answerThreeDs(r.issuer_challenge_id, r.status);
    } catch (e) {
      // The issuer did not get it (timeout, outage): the job tries again; the customer's answer stands.
      if (e instanceof CardIssuerError && e.failure !== 'not_found') return false;
      if (!(e instanceof CardIssuerError)) throw e;
    }
    await this.deps.db.query(
      `UPDATE card_threeds_challenges SET issuer_notified_at = $2 WHERE id = $1 AND issuer_notified_at IS NULL`,
      [id, this.deps.now().toISOString()],
    );
    return true;
  }

  private async timeOut(id: string): Promise<boolean> {
    const now = this.deps.now().toISOString();
    const rows = await this.deps.db.query(
      `UPDATE card_threeds_challenges SET status = 'timed_out', answered_at = $2 WHERE id = $1 AND status = 'pending' AND expires_at <= $2 RETURNING id`,
      [id, now],
    );
    if (rows[0]) await this.tellIssuer(id);
    return rows.length > 0;
  }

  /**
   * The background job (`cards.threeds-timeouts`, one process): challenges past their 5 minutes
   * are timed out, and answers the issuer has not acknowledged are sent again. Bounded per run.
   */
  async sweep(): Promise<{ timedOut: number; resent: number }> {
    const now = this.deps.now().toISOString();
    const due = await this.deps.db.query<{ id: string }>(
      `SELECT id FROM card_threeds_challenges WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT 200`,
      [now],
    );
    let timedOut = 0;
    for (const d of due) if (await this.timeOut(d.id)) timedOut++;
    const unsent = await this.deps.db.query<{ id: string }>(
      `SELECT id FROM card_threeds_challenges WHERE status <> 'pending' AND issuer_notified_at IS NULL ORDER BY answered_at LIMIT 200`,
    );
    let resent = 0;
    for (const u of unsent) if (await this.tellIssuer(u.id)) resent++;
    return { timedOut, resent };
  }
}
