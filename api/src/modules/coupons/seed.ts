import type { FastifyInstance } from 'fastify';
import { ADMIN_USERNAME, seedAdmin } from '../accounts/seed.js';
import { redeemCoupon } from './redeem.js';
import type { CouponsService } from './service.js';

const DAY = 86_400_000;

/**
 * Sandbox demo: the administrator issues four campaigns through the issuance service and the demo
 * customer binds one code of each through the customer bind, so coupon-list shows every state:
 * two available (card application fee, top-up gateway fee), one used (a gateway fee it fully
 * covered, redeemed through redeemCoupon — a fully discounted fee moves no money, so there is no
 * posting), one expired (its campaign ended early by the administrator).
 */
export async function seedDemoCoupons(app: FastifyInstance, coupons: CouponsService, userId: string): Promise<void> {
  await seedAdmin(app);
  const [admin] = await app.database.sql.query<{ id: string }>(
    `select id::text as id from admins where username = $1`,
    [ADMIN_USERNAME],
  );
  const adminId = admin!.id;
  const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

  const issueAndBind = async (body: Parameters<CouponsService['issue']>[1]) => {
    const { batchId, codes } = await coupons.issue(adminId, body);
    return { batchId, coupon: await coupons.bind(userId, codes[0]!) };
  };

  await issueAndBind({
    name: 'Welcome: 10 USD off your first card',
    scope: 'card_application_fee',
    discountType: 'fixed',
    discountValue: '10',
    validUntil: inDays(60),
    quantity: 1,
    maxUses: 1,
  });
  await issueAndBind({
    name: 'Top-up week: half the gateway fee',
    scope: 'card_topup_gateway_fee',
    discountType: 'percent',
    discountValue: '50',
    discountCap: '0.30',
    validUntil: inDays(21),
    quantity: 1,
    maxUses: 1,
  });
  // Lifting a risk freeze costs 1 USD (docs/cards.md): the card settings page offers this one.
  await issueAndBind({
    name: 'Back in business: half the unfreeze fee',
    scope: 'card_unfreeze_fee',
    discountType: 'fixed',
    discountValue: '0.50',
    validUntil: inDays(90),
    quantity: 1,
    maxUses: 1,
  });
  const used = await issueAndBind({
    name: 'Gateway fee on us',
    scope: 'card_topup_gateway_fee',
    discountType: 'fixed',
    discountValue: '0.30',
    validUntil: inDays(30),
    quantity: 1,
    maxUses: 1,
  });
  await app.database.sql.transaction((tx) =>
    redeemCoupon(tx, {
      userId,
      couponId: used.coupon.id,
      scope: 'card_topup_gateway_fee',
      feeAmount: '0.30',
      reference: `demo:gateway-fee:${used.coupon.id}`,
    }),
  );
  const expired = await issueAndBind({
    name: 'Summer: 5 USD off card withdrawals',
    scope: 'card_withdrawal_fee',
    discountType: 'fixed',
    discountValue: '5',
    validUntil: inDays(10),
    quantity: 1,
    maxUses: 1,
  });
  await coupons.endBatch(expired.batchId);
}
