import type { FastifyInstance } from 'fastify';
import type { SandboxCardNetwork } from '../../../providers/card-issuer/sandbox-network.js';
import type { CardService } from '../service.js';

/**
 * The demo customer's statement, made the way a real one is: the sandbox merchant simulator buys
 * with the active virtual card and every step reaches the API as a signed issuer webhook. Leaves
 * orders in every state: completed purchases (one in EUR), a pre-authorisation still held, a voided
 * authorisation, a declined purchase (more than the balance), and a refund still settling.
 */
export async function seedDemoCardTransactions(
  cards: CardService,
  network: SandboxCardNetwork,
  userId: string,
): Promise<void> {
  const { cards: list } = await cards.list(userId);
  const card = list.find((c) => c.type === 'virtual' && c.status === 'active');
  if (!card) throw new Error('the card transactions seed needs the demo customer’s active virtual card (cards seed)');
  const owner = await cards.tokenOf(card.id);
  const token = owner!.token;
  const buy = (amount: string, name: string, city: string, country: string, mcc: string, currency = 'USD') =>
    network.purchase({ token, amount, currency, merchant: { name, city, country, mcc } });

  const coffee = await buy('4.80', 'Blue Bottle Coffee', 'London', 'GB', '5814');
  if (coffee.approved) await network.clear(coffee.transactionId);
  const groceries = await buy('23.45', 'Carrefour Market', 'Paris', 'FR', '5411', 'EUR');
  if (groceries.approved) await network.clear(groceries.transactionId);
  const headphones = await buy('19.99', 'Amazon Marketplace', 'Seattle', 'US', '5942');
  if (headphones.approved) {
    await network.clear(headphones.transactionId);
    await network.refund(headphones.transactionId);
  }
  const hotel = await buy('15.00', 'Hilton London Metropole', 'London', 'GB', '7011');
  if (hotel.approved) await network.void(hotel.transactionId);
  await buy('9.90', 'Uber Trip', 'London', 'GB', '4121');
  // More than the card holds: the issuer declines it.
  await buy('5000.00', 'Apple Store', 'London', 'GB', '5732');
}

export function registerCardTransactionsDemoSeed(
  app: FastifyInstance,
  cards: CardService,
  network: SandboxCardNetwork,
): void {
  app.demoSeeds.add({
    name: 'card-transactions',
    after: ['cards'],
    run: ({ userId }) => seedDemoCardTransactions(cards, network, userId),
  });
}
