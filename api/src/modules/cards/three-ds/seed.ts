import type { FastifyInstance } from 'fastify';
import type { SandboxCardNetwork } from '../../../providers/card-issuer/sandbox-network.js';
import { DEMO_PAY_PASSWORD } from '../../wallet/demo-seed.js';
import type { CardService } from '../service.js';
import type { SpendingControls } from '../controls/spending-controls.js';
import type { ThreeDsChallenges } from './challenges.js';

/**
 * Issue 23's demo data, through the real services: the demo customer's active virtual card gets a
 * control set (gambling blocked with a 30-day cool-off, magnetic-stripe payments off, its own
 * monthly limit of 3,000 USD) and an online purchase that asked for 3-D Secure and was approved in
 * the app with the transaction password, then completed — "Approved in the app" in the statement.
 */
export async function seedDemoThreeDs(
  deps: { cards: CardService; network: SandboxCardNetwork; spending: SpendingControls; threeDs: ThreeDsChallenges },
  userId: string,
  findChallenge: (issuerChallengeId: string) => Promise<string | null>,
): Promise<void> {
  const { cards: list } = await deps.cards.list(userId);
  const card = list.find((c) => c.type === 'virtual' && c.status === 'active');
  if (!card) throw new Error('the 3-D Secure seed needs the demo customer’s active virtual card (cards seed)');
  await deps.spending.block(userId, { cardId: card.id, category: 'gambling', coolOffHours: 720 });
  await deps.spending.set(userId, { cardId: card.id, magstripe: false, monthlyLimit: '3000' });
  const token = (await deps.cards.tokenOf(card.id))!.token;
  const purchase = await deps.network.purchase({
    token,
    amount: '12.00',
    currency: 'EUR',
    merchant: { name: 'Booking.com', city: 'Amsterdam', country: 'NL', mcc: '4722' },
    channel: 'online',
    risk: 'high',
  });
  if (!purchase.challengeId) return;
  const id = await findChallenge(purchase.challengeId);
  if (!id) throw new Error('the issuer’s 3-D Secure challenge did not reach the API');
  const answered = await deps.threeDs.approve(userId, id, { payPassword: DEMO_PAY_PASSWORD });
  if (answered.status === 'approved') await deps.network.clear(purchase.transactionId).catch(() => undefined);
}

export function registerThreeDsDemoSeed(
  app: FastifyInstance,
  deps: { cards: CardService; network: SandboxCardNetwork; spending: SpendingControls; threeDs: ThreeDsChallenges },
): void {
  app.demoSeeds.add({
    name: 'card-threeds',
    after: ['card-transactions'],
    run: ({ userId }) =>
      seedDemoThreeDs(deps, userId, async (issuerId) => {
        const [row] = await app.database.sql.query<{ id: string }>(
          `SELECT id FROM card_threeds_challenges WHERE issuer_challenge_id = $1`,
          [issuerId],
        );
        return row?.id ?? null;
      }),
  });
}
