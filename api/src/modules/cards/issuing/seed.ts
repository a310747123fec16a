import type { FastifyInstance } from 'fastify';
import { productById } from '../products.js';
import type { CardService } from '../service.js';

const PHYSICAL_FEE = Number(productById('physical-mastercard-standard')!.applicationFee);
const FIRST_TOP_UP_MIN = Number(productById('virtual-visa-standard')!.firstTopUpMin);

/** Fixed keys: a seed interrupted half-way replays what it did instead of doing it twice. */
const KEYS = {
  virtual: 'demo-seed-card-virtual',
  activate: 'demo-seed-card-activate',
  physical: 'demo-seed-card-physical',
};

/**
 * The demo customer's cards, made through the real service (issuer, gates, fees, postings): an
 * active virtual Visa with a balance and a physical MasterCard on its way. Needs the kyc seed
 * (level 2, birth date, bound e-mail) and the wallet seed (card-funding balance) first.
 */
export async function seedDemoCards(cards: CardService, userId: string): Promise<void> {
  const { response: virtual } = await cards.apply(userId, KEYS.virtual, {
    productId: 'virtual-visa-standard',
    pin: '482915',
  });
  if (virtual.status === 'inactivated') {
    // 120 USD when the wallet seed left enough, else what remains after the physical card's fee.
    const spare = (await cards.cardFunding(userId)).minus(PHYSICAL_FEE).floor();
    if (spare.lt(FIRST_TOP_UP_MIN))
      throw new Error(
        `the demo card-funding balance is too low for the cards seed (needs ≥ ${FIRST_TOP_UP_MIN + PHYSICAL_FEE} USD after the virtual card's fee)`,
      );
    const amount = spare.gt(120) ? '120' : spare.toString();
    await cards.activate(userId, KEYS.activate, {
      cardId: virtual.id,
      firstName: 'Alex',
      lastName: 'Morgan',
      mobile: '+447911123456',
      amount,
    });
  }
  const { addresses } = await cards.addresses(userId);
  const address =
    addresses[0] ??
    (await cards.addAddress(userId, {
      receiver: 'Alex Morgan',
      mobile: '+447911123456',
      country: 'United Kingdom',
      province: 'England',
      city: 'London',
      area: 'Camden',
      detail: '12 Example Street, Flat 3',
      postalCode: 'NW1 8AB',
    }));
  await cards.apply(userId, KEYS.physical, {
    productId: 'physical-mastercard-standard',
    pin: '736204',
    addressId: address.id,
  });
}

export function registerCardsDemoSeed(app: FastifyInstance, cards: CardService): void {
  app.demoSeeds.add({ name: 'cards', after: ['wallet', 'kyc'], run: ({ userId }) => seedDemoCards(cards, userId) });
}
