import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertUser } from '../accounts/users.js';
import { format, money } from '../../ledger/money.js';
import { REFERRAL_CONSUMER } from './consumer.js';
import type { ReferralService } from './service.js';

const DAY = 86_400_000;

/** The demo customer's friends: level 1 invited by the demo customer, level 2 by a level-1 friend. */
const FRIENDS = [
  { label: 'amira', level: 1, daysAgo: 9, cards: 1, topUps: ['150', '60'] },
  { label: 'mehmet', level: 1, daysAgo: 6, cards: 1, topUps: ['80'] },
  { label: 'grace', level: 1, daysAgo: 3, cards: 1, topUps: [] },
  { label: 'wing', level: 1, daysAgo: 1, cards: 0, topUps: [] },
  { label: 'layla', level: 2, daysAgo: 4, cards: 1, topUps: ['200'], via: 'amira' },
  { label: 'emre', level: 2, daysAgo: 2, cards: 1, topUps: ['50'], via: 'mehmet' },
] as const;
const PASSWORD = 'Friend1234!';

/**
 * The demo customer's referral programme, produced the real way: friends registered with the demo
 * customer (or a friend) as inviter, verified through the sandbox KYC control, funded on the
 * sandbox chain, opening and topping up cards through the card API — and the cashback paid by the
 * consumer of the resulting domain events. Plus an invite campaign in progress. Fixed e-mails,
 * deposit hashes and idempotency keys: a retried seed repeats nothing.
 */
export function registerReferralDemoSeed(app: FastifyInstance, referral: ReferralService): void {
  app.demoSeeds.add({
    name: 'referral',
    after: ['cards'],
    run: async ({ userId }) => {
      const now = app.clock.now().getTime();
      const [running] = await app.database.sql.query(
        `SELECT 1 FROM referral_campaigns WHERE ends_at > $1::timestamptz`,
        [new Date(now).toISOString()],
      );
      if (!running) {
        await referral.createCampaign({
          name: 'Invite 5 friends, earn 20 USD',
          startsAt: new Date(now - 14 * DAY).toISOString(),
          endsAt: new Date(now + 21 * DAY).toISOString(),
          goal: 5,
          bonus: '20',
        });
      }
      const ids = new Map<string, string>([['demo', userId]]);
      for (const f of FRIENDS) {
        const inviter = ids.get('via' in f ? f.via : 'demo')!;
        const id = await friend(app, `${f.label}.friend@cardwallet.test`, inviter, new Date(now - f.daysAgo * DAY));
        ids.set(f.label, id);
        if (f.cards === 0) continue;
        await cardLife(app, id, f.label, f.topUps);
      }
      await app.events.drain(REFERRAL_CONSUMER, 1000);
    },
  });
}

async function friend(app: FastifyInstance, email: string, inviterId: string, registeredAt: Date): Promise<string> {
  const [existing] = await app.database.sql.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE email = $1`, [
    email,
  ]);
  if (existing) return existing.id;
  const { id } = await insertUser(
    app.database.sql,
    { email, mobile: null, password: PASSWORD, refereeId: Number(inviterId) },
    app.config.scryptN,
    registeredAt,
  );
  return String(id);
}

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const env = JSON.parse(res.body) as { code: number; msg: string; data: T };
  if (env.code !== 200) throw new Error(`referral demo seed: ${url} answered ${env.code} ${env.msg}`);
  return env.data;
}

/** KYC, a funded card-funding balance, one virtual card activated and topped up — all through the API. */
async function cardLife(app: FastifyInstance, userId: string, label: string, topUps: readonly string[]): Promise<void> {
  const email = `${label}.friend@cardwallet.test`;
  const { token } = await call<{ token: string }>(app, 'POST', 'user/login', { account: email, password: PASSWORD });
  const auth = { 'access-token': token };
  await call(app, 'POST', 'dev/users/kyc', { userId, level: 1, birthDate: '1992-03-08' });
  // Decimal, never a float: the card fee allowance plus every top-up.
  const total = format(
    topUps.reduce((sum, v) => sum.plus(money(v)), money('120')),
    'USDT',
  );
  // ERC20, not TRC20: mining TRC20 blocks here would confirm the demo customer's deposit that the
  // wallet seed leaves confirming on purpose (the wallet page shows one in progress).
  const { address } = await call<{ address: string }>(
    app,
    'GET',
    'wallet/rechargeAddress?currency=USDT&network=ERC20',
    undefined,
    auth,
  );
  const txHash = `0x${createHash('sha256').update(`cardwallet-demo-referral:${email}`).digest('hex')}`;
  const [credited] = await app.database.sql.query(`SELECT 1 FROM wallet_deposits WHERE tx_hash = $1`, [txHash]);
  if (!credited) {
    await call(app, 'POST', 'dev/chain/deposit', {
      address,
      currency: 'USDT',
      network: 'ERC20',
      amount: total,
      txHash,
    });
    await call(app, 'POST', 'dev/chain/mine', { network: 'ERC20', blocks: 12 });
  }
  const key = (what: string) => ({ ...auth, 'idempotency-key': `demo-referral-${label}-${what}` });
  await call(app, 'POST', 'wallet/transfer', { currency: 'USDT', amount: total }, key('transfer'));
  const card = await call<{ id: string }>(
    app,
    'POST',
    'card/apply',
    { productId: 'virtual-visa-standard', pin: '482915', pinConfirm: '482915' },
    key('apply'),
  );
  const [first, ...rest] = topUps;
  await call(
    app,
    'POST',
    'card/activate',
    {
      cardId: card.id,
      amount: first ?? '100',
      firstName: label.replace(/^./, (c) => c.toUpperCase()),
      lastName: 'Friend',
      mobile: '+447911123456',
    },
    key('activate'),
  );
  for (const [i, amount] of rest.entries())
    await call(app, 'POST', 'card/topUp', { cardId: card.id, amount }, key(`topup-${i}`));
}
