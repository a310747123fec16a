import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Locale } from '@cardwallet/shared';
import {
  wechatPayOrder,
  wechatPayOrderQuery,
  wechatPayPrepayBody,
  wechatPayPrepayResult,
  wechatPayQuoteQuery,
  wechatPayQuoteResult,
  wechatPayHoldQuoteBody,
  wechatPayHeldQuote,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../../http/envelope.js';
import { BusinessError } from '../../../http/errors.js';
import { idempotencyKeyOf, replyIdempotent } from '../../../http/idempotency.js';
import { SandboxRates } from '../../../providers/rates/sandbox.js';
import {
  SANDBOX_WECHATPAY_API,
  SANDBOX_WECHATPAY_CASHIER,
  wechatPay,
  wechatSignIn,
} from '../../../providers/wechat/index.js';
import { escapeHtml, sandboxPage } from '../../accounts/wechat-sandbox-page.js';
import { registerWechatPayDemoSeed } from './seed.js';
import type { CardService } from '../service.js';
import { WechatPayOrders } from './service.js';

const CASHIER_TEXT: Record<
  Locale,
  Record<'title' | 'merchant' | 'pay' | 'cancel' | 'note' | 'done' | 'closed', string>
> = {
  'en-US': {
    title: 'WeChat Pay cashier (sandbox)',
    merchant: 'Pay CardWallet',
    pay: 'Pay',
    cancel: 'Cancel',
    note: 'This page stands in for WeChat Pay; inside WeChat the payment sheet opens with the JSAPI parameters instead.',
    done: 'This order is already paid.',
    closed: 'This order has expired or is closed.',
  },
  'zh-HK': {
    title: '微信支付收銀台（沙盒）',
    merchant: '付款給 CardWallet',
    pay: '支付',
    cancel: '取消',
    note: '此頁面代替微信支付；在微信內會以 JSAPI 參數直接開啟付款介面。',
    done: '此訂單已付款。',
    closed: '此訂單已過期或已關閉。',
  },
  'ar-AE': {
    title: 'صفحة الدفع WeChat Pay (بيئة تجريبية)',
    merchant: 'الدفع إلى CardWallet',
    pay: 'ادفع',
    cancel: 'إلغاء',
    note: 'تحل هذه الصفحة محل WeChat Pay؛ داخل WeChat تُفتح واجهة الدفع بمعاملات JSAPI بدلاً منها.',
    done: 'تم دفع هذا الطلب بالفعل.',
    closed: 'انتهت صلاحية هذا الطلب أو أُغلق.',
  },
  'tr-TR': {
    title: 'WeChat Pay ödeme sayfası (deneme ortamı)',
    merchant: "CardWallet'a öde",
    pay: 'Öde',
    cancel: 'İptal',
    note: 'Bu sayfa WeChat Pay yerine geçer; WeChat içinde ödeme ekranı JSAPI parametreleriyle açılır.',
    done: 'Bu sipariş zaten ödendi.',
    closed: 'Bu siparişin süresi doldu veya kapatıldı.',
  },
};

/**
 * WeChat Pay for the card application fee over HTTP (issue 27, docs/wechat.md, docs/api.md):
 * card/wechatPay/quote, prepay, order, the notification route, and the sandbox's WeChat Pay
 * server and cashier page under /api/dev/wechatpay/.
 */
export async function registerWechatPay(base: FastifyInstance, deps: { cards: CardService }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { pay, sandbox } = await wechatPay(base);
  const { signIn } = wechatSignIn(base);
  const spread = base.config.exchangeSpread;
  const orders = pay
    ? new WechatPayOrders({
        db: base.database.sql,
        cards: deps.cards,
        pay,
        signIn,
        rates: new SandboxRates(spread, () => base.clock.now().getTime()),
        events: base.events,
        now: () => base.clock.now(),
        log: base.log,
        cashierUrl: sandbox
          ? (prepayId, orderId) =>
              `${SANDBOX_WECHATPAY_CASHIER}/page?${new URLSearchParams({ prepay_id: prepayId, return: `/pages/card/wechat-pay?orderId=${orderId}` })}`
          : null,
      })
    : null;
  const need = () => {
    if (!orders) throw new BusinessError('wechat_pay_unavailable');
    return orders;
  };
  if (orders && sandbox) registerWechatPayDemoSeed(base, orders, sandbox);
  if (orders)
    base.jobs.every('cards.wechat-pay-sweep', 60_000, () =>
      orders.sweep().catch((e: unknown) => base.log.warn({ err: e }, 'wechat pay sweep failed')),
    );

  const tags = ['cards'];
  const user = { config: { auth: 'user' as const } };
  app.get(
    '/card/wechatPay/quote',
    {
      ...user,
      schema: {
        tags,
        summary:
          'The application fee of a product in CNY at the current rate (mid + spread, rounded up to the fen), not held: for display by releases before held quotes; POST holds one',
        querystring: wechatPayQuoteQuery,
        response: { 200: envelope(wechatPayQuoteResult) },
      },
    },
    async (r) => {
      const { feeUsd, amountCny, rate } = await need().quote(r.query.productId);
      return okEnvelope(r.locale, { feeUsd, amountCny, rate });
    },
  );
  app.post(
    '/card/wechatPay/quote',
    {
      ...user,
      schema: {
        tags,
        summary:
          'The application fee of a product in CNY, held for this customer for 60 s: prepay with its quoteId asks for exactly this amount (quote_expired once it has expired or been used)',
        body: wechatPayHoldQuoteBody,
        response: { 200: envelope(wechatPayHeldQuote) },
      },
    },
    async (r) => okEnvelope(r.locale, await need().holdQuote(r.user!.userId, r.body.productId)),
  );
  app.post(
    '/card/wechatPay/prepay',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Apply for a card paying the fee with WeChat Pay (Idempotency-Key): a prepay order (15 minutes) and its JSAPI parameters (paySign = RSA-SHA256 with the merchant key); outside WeChat the cashier page. The notification completes the application',
        headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
        body: wechatPayPrepayBody,
        response: { 200: envelope(wechatPayPrepayResult) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      const result = await need().prepay(r.user!.userId, key, r.body);
      return okEnvelope(r.locale, replyIdempotent(reply, result));
    },
  );
  app.get(
    '/card/wechatPay/order',
    {
      ...user,
      schema: {
        tags,
        summary:
          "One of the customer's WeChat Pay orders (NOTPAY, PAID, COMPLETED with the card, CLOSED, REFUNDING, REFUNDED)",
        querystring: wechatPayOrderQuery,
        response: { 200: envelope(wechatPayOrder) },
      },
    },
    async (r) => okEnvelope(r.locale, await need().order(r.user!.userId, r.query.orderId)),
  );

  // ---- The notification: signature over the raw bytes, so this context keeps the body as a Buffer.
  await base.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/card/wechatPay/notify',
      {
        schema: {
          tags,
          summary:
            'WeChat Pay notification (API v3): Wechatpay-Timestamp/-Nonce/-Signature/-Serial checked with the platform key (±300 s), resource decrypted with the API v3 key (AEAD_AES_256_GCM); idempotent',
          headers: z.object({
            'wechatpay-timestamp': z.string().max(32).optional(),
            'wechatpay-nonce': z.string().max(64).optional(),
            'wechatpay-signature': z.string().max(1024).optional(),
            'wechatpay-serial': z.string().max(128).optional(),
          }),
          body: z.object({
            id: z.string(),
            event_type: z.string(),
            resource_type: z.string(),
            resource: z.object({
              algorithm: z.literal('AEAD_AES_256_GCM'),
              ciphertext: z.string(),
              associated_data: z.string().optional(),
              nonce: z.string(),
              original_type: z.string(),
            }),
          }),
          response: { 200: envelope(z.null()) },
        },
        validatorCompiler: (route) =>
          route.httpPart === 'body'
            ? (data: unknown) => ({ value: data })
            : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!pay || !orders) throw new BusinessError('wechat_pay_unavailable');
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        const header = (n: string) =>
          typeof request.headers[n] === 'string' ? (request.headers[n] as string) : undefined;
        const verdict = raw
          ? pay.verifyNotification(
              {
                'wechatpay-timestamp': header('wechatpay-timestamp'),
                'wechatpay-nonce': header('wechatpay-nonce'),
                'wechatpay-signature': header('wechatpay-signature'),
                'wechatpay-serial': header('wechatpay-serial'),
              },
              raw,
            )
          : ({ ok: false, reason: 'body' } as const);
        if (!verdict.ok) {
          request.log.warn({ reason: verdict.reason }, 'wechat pay notification refused');
          throw new BusinessError('wechat_pay_notification_invalid', {}, { code: 401 });
        }
        try {
          await orders.onNotification(verdict.notification);
        } catch (e) {
          // Not recorded: WeChat sends it again on a non-2xx answer (its documented retry).
          request.log.error({ err: e }, 'wechat pay notification not processed');
          return reply.code(500).send({ code: 'FAIL', message: 'retry later' });
        }
        return okEnvelope(request.locale, null);
      },
    );
  });

  if (!sandbox || !orders) return;

  // ---- The sandbox's WeChat Pay (absent outside sandbox mode) ---------------------------------
  base.all(`${SANDBOX_WECHATPAY_API.replace('/api', '')}/*`, { schema: { hide: true } }, async (request, reply) => {
    const res = await sandbox.handle({
      method: request.method === 'POST' ? 'POST' : 'GET',
      url: request.url.slice(SANDBOX_WECHATPAY_API.length),
      headers: { authorization: String(request.headers.authorization ?? '') },
      body: request.body === undefined ? '' : JSON.stringify(request.body),
    });
    return reply.code(res.status).headers(res.headers).send(res.body);
  });

  base.get(`${SANDBOX_WECHATPAY_CASHIER.replace('/api', '')}/*`, { schema: { hide: true } }, async (request, reply) => {
    const url = new URL(request.url, 'http://sandbox');
    const step = url.pathname.slice(SANDBOX_WECHATPAY_CASHIER.length);
    const prepayId = url.searchParams.get('prepay_id') ?? '';
    const back = url.searchParams.get('return') ?? '';
    if (!/^\/pages\/[A-Za-z0-9_/?=&.-]{1,200}$/.test(back) || !/^wx[0-9a-f]{8,64}$/.test(prepayId))
      return reply.code(400).type('text/plain; charset=utf-8').send('bad request');
    const t = CASHIER_TEXT[request.locale] ?? CASHIER_TEXT['en-US'];
    const tx = await sandbox.byPrepayId(prepayId);
    if (!tx) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    if (step === '/pay') {
      await sandbox.pay(prepayId, null);
      return reply.redirect(back, 302);
    }
    if (step !== '/page') return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    const amount = (Number(tx.total_fen) / 100).toFixed(2);
    const state = tx.trade_state === 'NOTPAY' ? null : tx.trade_state === 'CLOSED' ? t.closed : t.done;
    const html = sandboxPage(
      request.locale,
      t.title,
      `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.merchant)}</p>
<p class="amount">¥${amount}</p>
<p>${escapeHtml(tx.description)}</p>
${
  state
    ? `<p role="status">${escapeHtml(state)}</p><p><a href="${escapeHtml(back)}">${escapeHtml(t.cancel)}</a></p>`
    : `<form method="get" action="${SANDBOX_WECHATPAY_CASHIER}/pay">
<input type="hidden" name="prepay_id" value="${escapeHtml(prepayId)}"><input type="hidden" name="return" value="${escapeHtml(back)}">
<div class="actions"><button type="submit" class="primary">${escapeHtml(t.pay)}</button></div></form>
<p><a href="${escapeHtml(back)}">${escapeHtml(t.cancel)}</a></p>`
}
<p class="note">${escapeHtml(t.note)}</p>`,
    );
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.post(
    '/dev/wechatpay/sweep',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox: run the WeChat Pay expiry / recovery job now (it also runs every minute)',
        body: z.object({}).optional(),
        response: { 200: envelope(z.object({ closed: z.number(), completed: z.number(), refunded: z.number() })) },
      },
    },
    async (r) => okEnvelope(r.locale, await orders.sweep()),
  );
}
