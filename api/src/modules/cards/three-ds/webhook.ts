import { randomUUID } from 'node:crypto';
import { ResultCode } from '@cardwallet/shared';
import type { DomainEvents } from '../../../events/domain-events.js';
import { BusinessError } from '../../../http/errors.js';
import type { SqlRunner } from '../../../ledger/sql';
import type { IssuerWebhookEvent } from '../../../providers/card-issuer/webhook';

/**
 * The issuer's `threeds.challenge` webhook (docs/cards.md "3-D Secure in the app"): applied inside
 * the webhook's transaction (card row locked, event id recorded), it stores the challenge once per
 * issuer challenge id and records `cards.threeds_challenge` — the live stream shows the sheet over
 * any page at once, and the message centre gets a message.
 */
export async function recordThreeDsChallenge(
  tx: SqlRunner,
  card: { id: string; user_id: string; last4: string | null },
  event: IssuerWebhookEvent,
  events: Pick<DomainEvents, 'record'> | undefined,
): Promise<string> {
  const c = event.challenge;
  if (!c)
    throw new BusinessError(
      'invalid_params',
      {},
      { code: ResultCode.invalidParams, data: { fields: { challenge: 'required' } } },
    );
  const id = `tds_${randomUUID()}`;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO card_threeds_challenges (id, issuer_challenge_id, user_id, card_id, merchant_name, merchant_city, merchant_country, mcc,
       amount, currency, billing_amount, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13)
     ON CONFLICT (issuer_challenge_id) DO NOTHING RETURNING id`,
    [
      id,
      c.id,
      card.user_id,
      card.id,
      c.merchant.name,
      c.merchant.city,
      c.merchant.country,
      c.merchant.mcc,
      c.amount,
      c.currency,
      c.billingAmount,
      event.createdAt,
      c.expiresAt,
    ],
  );
  if (!row) return 'superseded';
  await events?.record(tx, {
    type: 'cards.threeds_challenge',
    userId: card.user_id,
    aggregateId: row.id,
    payload: {
      challengeId: row.id,
      cardId: card.id,
      last4: card.last4,
      merchant: c.merchant.name,
      amount: c.billingAmount,
      currency: 'USD',
      transactionAmount: c.amount,
      transactionCurrency: c.currency,
      expiresAt: c.expiresAt,
    },
  });
  return 'threeds_challenge';
}
