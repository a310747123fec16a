import type { FastifyInstance } from 'fastify';
import type { SqlRunner } from '../../../db/sql';
import type { SandboxDisputeDesk } from '../../../providers/card-issuer/sandbox-disputes.js';
import type { CardService } from '../service.js';
import type { CardDisputes } from './service.js';

/**
 * The demo customer's dispute, made the real way: filed on a completed purchase of the statement
 * seed (the supermarket charged the wrong amount), handed to the sandbox issuer, which took it
 * under review by signed webhook. Idempotent on its key (a second run changes nothing).
 */
export async function seedDemoDispute(
  db: SqlRunner,
  cards: CardService,
  disputes: CardDisputes,
  desk: SandboxDisputeDesk,
  userId: string,
): Promise<void> {
  const { cards: list } = await cards.list(userId);
  const card = list.find((c) => c.type === 'virtual');
  if (!card) return;
  const [order] = await db.query<{ id: string }>(
    `SELECT id FROM card_transactions WHERE user_id = $1 AND card_id = $2 AND type = 'purchase' AND status = 'completed'
     ORDER BY (merchant_name = 'Carrefour Market') DESC, created_at DESC LIMIT 1`,
    [userId, card.id],
  );
  if (!order) return;
  const { response, replayed } = await disputes.create(userId, 'demo-seed-dispute-1', {
    orderId: order.id,
    reason: 'wrong_amount',
    description: 'I was charged for two bottles of olive oil but bought one.',
  });
  if (!replayed && response.status === 'submitted') await desk.advance(response.id);
}

export function registerCardDisputesDemoSeed(
  app: FastifyInstance,
  cards: CardService,
  disputes: CardDisputes,
  desk: SandboxDisputeDesk,
): void {
  app.demoSeeds.add({
    name: 'card-disputes',
    after: ['card-transactions'],
    run: ({ userId }) => seedDemoDispute(app.database.sql, cards, disputes, desk, userId),
  });
}
