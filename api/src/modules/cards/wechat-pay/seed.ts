import type { FastifyInstance } from 'fastify';
import type { SandboxWechatPayServer } from '../../../providers/wechat/pay-sandbox.js';
import type { WechatPayOrders } from './service.js';

/**
 * The demo customer's card application paid with WeChat Pay (issue 27), made the real way: a prepay
 * order for a virtual MasterCard (discount) through the service, paid at the sandbox cashier, whose
 * signed and encrypted notification completes the application (the card is then `inactivated`, its
 * fee on the books through the wechat_pay account). Idempotent on its key (a second run replays the
 * order and pays nothing twice).
 */
export async function seedDemoWechatPayApplication(
  orders: WechatPayOrders,
  sandbox: SandboxWechatPayServer,
  userId: string,
): Promise<void> {
  const { response } = await orders.prepay(userId, 'demo-seed-wechat-pay-apply', {
    productId: 'virtual-mastercard-discount',
    pin: '482915',
    pinConfirm: '482915',
  });
  const prepayId = /prepay_id=(\S+)/.exec(response.jsapi.package)?.[1];
  if (!prepayId || response.order.status !== 'NOTPAY') return;
  await sandbox.pay(prepayId, null);
  // If the notification did not get through, the service's own recovery asks WeChat Pay and completes it.
  await orders.sweep();
}

export function registerWechatPayDemoSeed(
  app: FastifyInstance,
  orders: WechatPayOrders,
  sandbox: SandboxWechatPayServer,
) {
  app.demoSeeds.add({
    name: 'card-wechat-pay',
    after: ['card-disputes'],
    run: ({ userId }) => seedDemoWechatPayApplication(orders, sandbox, userId),
  });
}
