import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Decimal from 'decimal.js';
import { ResultCode, type ErrorKey } from '@cardwallet/shared';
import type { WechatPayOrder, WechatPayPrepayBody } from '@cardwallet/shared/schemas';
import { pgErrorCode } from '../../../db/index.js';
import type { SqlDatabase } from '../../../db/sql';
import { BusinessError } from '../../../http/errors';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import type { DomainEvents } from '../../../events/domain-events';
import type { RateProvider } from '../../../providers/rates/types';
import { WechatPayError, type PayNotification, type WechatPayClient } from '../../../providers/wechat/pay';
import { seal, unseal } from '../../../providers/wechat/pay-crypto';
import type { WechatSignIn } from '../../../providers/wechat/types';
import { CardError } from '../errors';
import { productById } from '../products';
import type { CardService } from '../service';

/** An unpaid order expires after this (WeChat's time_expire; the prepay_id itself lives 2 h). */
export const ORDER_SECONDS = 15 * 60;

/**
 * How long a quote's CNY amount is honoured (docs/wechat.md): long enough to read it and enter the
 * PIN, short enough that the sandbox's (and the market's) CNY rate cannot move far meanwhile.
 */
export const QUOTE_HOLD_SECONDS = 60;

/** A held quote (POST card/wechatPay/quote): the amount the customer sees is the amount the order asks for. */
export interface HeldQuote {
  quoteId: string;
  feeUsd: string;
  amountCny: string;
  rate: string;
  expiresAt: string;
}

type Priced = { feeUsd: string; amountCny: string; rate: string; fen: number };

type OrderRow = {
  id: string;
  out_trade_no: string;
  user_id: string;
  request_hash: string;
  product_id: string;
  address_id: string | null;
  pin_sealed: string | null;
  fee_usd: string;
  amount_fen: string;
  rate: string;
  status: WechatPayOrder['status'];
  prepay_id: string | null;
  transaction_id: string | null;
  card_id: string | null;
  failure: string | null;
  expires_at: Date | string;
  paid_at: Date | string | null;
};
const ORDER_COLUMNS = `id::text as id, out_trade_no, user_id::text as user_id, request_hash, product_id, address_id, pin_sealed,
  fee_usd::text as fee_usd, amount_fen::text as amount_fen, rate::text as rate, status, prepay_id, transaction_id,
  card_id::text as card_id, failure, expires_at, paid_at`;

/** Refusals after payment that will not change on a retry: the fee goes back (refund). */
const PERMANENT: ReadonlySet<string> = new Set([
  'card_apply_limit_reached',
  'card_apply_failed',
  'card_product_unavailable',
  'card_address_required',
  'card_under_age',
  'kyc1_required',
  'kyc2_required',
  'email_binding_required',
  'not_found',
  'account_disabled',
]);

export interface WechatPayDeps {
  db: SqlDatabase;
  cards: CardService;
  pay: WechatPayClient;
  signIn: WechatSignIn | null;
  rates: RateProvider;
  events: DomainEvents;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The sandbox cashier page for a prepay id (null in production). */
  cashierUrl: ((prepayId: string, orderId: string) => string) | null;
}

const toOrder = (r: OrderRow): WechatPayOrder => ({
  orderId: r.id,
  outTradeNo: r.out_trade_no,
  status: r.status,
  productId: r.product_id,
  feeUsd: new Decimal(r.fee_usd).toFixed(2),
  amountCny: new Decimal(r.amount_fen).div(100).toFixed(2),
  rate: new Decimal(r.rate).toFixed(4),
  expiresAt: new Date(r.expires_at).toISOString(),
  cardId: r.card_id,
  failure: r.failure,
});

/**
 * The card application fee paid with WeChat Pay (issue 27, docs/wechat.md): a CNY quote, a prepay
 * order (idempotent on the client's key), the notification that completes the application exactly
 * once (the NOTPAY → PAID claim is one conditional UPDATE; the application itself is idempotent on
 * `wxpay:<out_trade_no>`), expiry of unpaid orders and the refund when the application then fails.
 */
export class WechatPayOrders {
  constructor(private readonly deps: WechatPayDeps) {}

  private get db() {
    return this.deps.db;
  }

  async quote(productId: string): Promise<Priced> {
    const product = productById(productId);
    if (!product) throw new CardError('card_product_unavailable', {}, ResultCode.notFound);
    const fee = new Decimal(product.applicationFee);
    if (fee.lte(0) || !this.deps.rates.fiatPerUsd) throw new BusinessError('wechat_pay_unavailable');
    // The customer pays mid × (1 + spread), rounded up to the fen.
    const rate = new Decimal(await this.deps.rates.fiatPerUsd('CNY'))
      .times(new Decimal(1).plus(this.deps.rates.spread))
      .toDecimalPlaces(4, Decimal.ROUND_UP);
    const amount = fee.times(rate).toDecimalPlaces(2, Decimal.ROUND_UP);
    return {
      feeUsd: fee.toFixed(2),
      amountCny: amount.toFixed(2),
      rate: rate.toFixed(4),
      fen: amount.times(100).toNumber(),
    };
  }

  /** Prices the product now and holds that price for this customer for QUOTE_HOLD_SECONDS. */
  async holdQuote(userId: string, productId: string): Promise<HeldQuote> {
    const priced = await this.quote(productId);
    const id = randomUUID();
    const now = this.deps.now();
    const expires = new Date(now.getTime() + QUOTE_HOLD_SECONDS * 1000);
    await this.db.query(
      `insert into wechat_pay_quotes (id, user_id, product_id, fee_usd, amount_fen, rate, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, userId, productId, priced.feeUsd, priced.fen, priced.rate, now.toISOString(), expires.toISOString()],
    );
    return {
      quoteId: id,
      feeUsd: priced.feeUsd,
      amountCny: priced.amountCny,
      rate: priced.rate,
      expiresAt: expires.toISOString(),
    };
  }

  /**
   * The price of a prepay: the held quote when the client names one (it must be this customer's, for
   * this product, live and not yet used by another order), else the current price (mf-card releases
   * before quotes were held send none).
   */
  private async priceOf(
    userId: string,
    productId: string,
    quoteId: string | undefined,
  ): Promise<Priced & { quoteId: string | null }> {
    if (!quoteId) return { ...(await this.quote(productId)), quoteId: null };
    const [q] = await this.db.query<{
      product_id: string;
      fee_usd: string;
      amount_fen: string;
      rate: string;
      expires_at: Date | string;
      used: boolean;
    }>(
      `select product_id, fee_usd::text as fee_usd, amount_fen::text as amount_fen, rate::text as rate, expires_at,
              exists (select 1 from wechat_pay_orders o where o.quote_id = q.id) as used
         from wechat_pay_quotes q where id = $1 and user_id = $2`,
      [quoteId, userId],
    );
    if (!q) throw new BusinessError('not_found', {}, { code: ResultCode.notFound });
    const live = new Date(q.expires_at).getTime() > this.deps.now().getTime();
    if (!live || q.used || q.product_id !== productId) throw new BusinessError('quote_expired');
    const fen = Number(q.amount_fen);
    return {
      feeUsd: new Decimal(q.fee_usd).toFixed(2),
      amountCny: new Decimal(fen).dividedBy(100).toFixed(2),
      rate: new Decimal(q.rate).toFixed(4),
      fen,
      quoteId,
    };
  }

  private async find(userId: string, key: string): Promise<OrderRow | undefined> {
    const [r] = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from wechat_pay_orders where user_id = $1 and idempotency_key = $2`,
      [userId, key],
    );
    return r;
  }

  async prepay(userId: string, key: string, body: WechatPayPrepayBody) {
    const hash = requestHash({
      op: 'wechat_prepay',
      productId: body.productId,
      addressId: body.addressId ?? null,
      // Only when named, so a key sent before quotes were held still matches its own retry.
      ...(body.quoteId ? { quoteId: body.quoteId } : {}),
    });
    const result: IdempotentResult<OrderRow> = await idempotentOperation<OrderRow>({
      hash,
      find: () => this.find(userId, key),
      pending: (row) => row.prepay_id === null && row.status === 'NOTPAY',
      execute: () => this.prepayOnce(userId, key, hash, body),
      missing: () => new BusinessError('idempotency_key_in_flight'),
    });
    const row = result.response;
    return {
      replayed: result.replayed,
      response: {
        order: toOrder(row),
        jsapi: this.deps.pay.jsapiParams(row.prepay_id!),
        cashierUrl: this.deps.cashierUrl ? this.deps.cashierUrl(row.prepay_id!, row.id) : null,
      },
    };
  }

  private async prepayOnce(userId: string, key: string, hash: string, body: WechatPayPrepayBody) {
    const product = productById(body.productId);
    if (!product) throw new CardError('card_product_unavailable', {}, ResultCode.notFound);
    // The same gates as card/apply, before the customer pays anything.
    const verdict = (await this.deps.cards.eligibility(userId))[product.type];
    if (!verdict.allowed)
      throw new BusinessError((verdict.reason ?? 'forbidden') as ErrorKey, {}, { code: ResultCode.forbidden });
    if (product.type === 'physical') {
      if (!body.addressId) throw new CardError('card_address_required', {}, ResultCode.invalidParams);
      const [a] = await this.db.query(`select 1 from card_addresses where id = $1 and user_id = $2`, [
        body.addressId,
        userId,
      ]);
      if (!a) throw new CardError('not_found', {}, ResultCode.notFound);
    }
    const quote = await this.priceOf(userId, product.id, body.quoteId);
    let payer: string | null;
    if (body.payerCode) {
      if (!this.deps.signIn) throw new BusinessError('wechat_unavailable');
      try {
        payer = (await this.deps.signIn.code2Session(body.payerCode)).openid;
      } catch {
        throw new BusinessError('wechat_code_invalid');
      }
    } else {
      const [mp] = await this.db.query<{ openid: string }>(
        `select openid from wechat_identities where user_id = $1 and source = 'mp' limit 1`,
        [userId],
      );
      payer = mp?.openid ?? null;
    }
    const id = randomUUID();
    const now = this.deps.now();
    const outTradeNo = `CW${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(10).toString('hex')}`;
    const expires = new Date(now.getTime() + ORDER_SECONDS * 1000);
    const [row] = await this.db
      .query<OrderRow>(
        `insert into wechat_pay_orders (id, out_trade_no, user_id, idempotency_key, request_hash, product_id, address_id, pin_sealed,
         fee_usd, amount_fen, rate, status, created_at, expires_at, quote_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'NOTPAY', $12, $13, $14)
       on conflict (user_id, idempotency_key) do nothing returning ${ORDER_COLUMNS}`,
        [
          id,
          outTradeNo,
          userId,
          key,
          hash,
          product.id,
          body.addressId ?? null,
          seal(this.deps.pay.keys.pinKey, body.pin, id),
          quote.feeUsd,
          quote.fen,
          quote.rate,
          now.toISOString(),
          expires.toISOString(),
          quote.quoteId,
        ],
      )
      .catch((e: unknown) => {
        // Another order (another idempotency key) took this quote first: one quote, one order.
        if (pgErrorCode(e) === '23505' && quote.quoteId) throw new BusinessError('quote_expired');
        throw e;
      });
    if (!row) return undefined;
    let prepayId: string;
    try {
      prepayId = await this.deps.pay.jsapiPrepay({
        outTradeNo,
        description: `CardWallet ${product.brand} ${product.type} card application fee`,
        totalFen: quote.fen,
        payerOpenid: payer,
        timeExpire: expires,
      });
    } catch (e) {
      await this.db.query(`delete from wechat_pay_orders where id = $1 and prepay_id is null`, [id]);
      this.deps.log.warn(
        { err: e instanceof WechatPayError ? { code: e.code, status: e.status } : e },
        'wechat pay prepay failed',
      );
      throw new BusinessError('wechat_pay_unavailable');
    }
    const [done] = await this.db.query<OrderRow>(
      `update wechat_pay_orders set prepay_id = $2 where id = $1 returning ${ORDER_COLUMNS}`,
      [id, prepayId],
    );
    return done;
  }

  async order(userId: string, orderId: string): Promise<WechatPayOrder> {
    const [r] = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from wechat_pay_orders where id = $1 and user_id = $2`,
      [orderId, userId],
    );
    if (!r) throw new BusinessError('wechat_pay_order_not_found', {}, { code: ResultCode.notFound });
    return toOrder(r);
  }

  /** A verified notification. Any number of deliveries, in any order, complete the application once. */
  async onNotification(n: PayNotification): Promise<void> {
    const now = this.deps.now();
    await this.db.query(
      `insert into wechat_pay_notifications (id, out_trade_no, event_type, received_at) values ($1, $2, $3, $4) on conflict (id) do nothing`,
      [n.id, n.transaction.out_trade_no.slice(0, 64), n.event_type, now.toISOString()],
    );
    if (n.event_type !== 'TRANSACTION.SUCCESS' || n.transaction.trade_state !== 'SUCCESS') return;
    await this.paid(n.transaction.out_trade_no, n.transaction);
  }

  /** WeChat says it was paid (notification or query). */
  private async paid(
    outTradeNo: string,
    t: { transaction_id: string; amount: { total: number }; appid: string; payer?: { openid?: string } },
  ): Promise<void> {
    const now = this.deps.now().toISOString();
    const [claimed] = await this.db.query<OrderRow>(
      `update wechat_pay_orders set status = 'PAID', paid_at = $2, transaction_id = $3, payer_openid = $4
        where out_trade_no = $1 and status = 'NOTPAY' returning ${ORDER_COLUMNS}`,
      [outTradeNo, now, t.transaction_id, t.payer?.openid ?? null],
    );
    if (claimed) {
      if (Number(claimed.amount_fen) !== t.amount.total || t.appid !== this.deps.pay.keys.appId) {
        this.deps.log.error({ outTradeNo }, 'wechat pay amount or app does not match the order');
        await this.toRefund(claimed.id, 'amount_mismatch');
        return;
      }
      await this.complete(claimed.id);
      return;
    }
    // Paid after we closed it (expired): the money goes back.
    const [late] = await this.db.query<{ id: string }>(
      `update wechat_pay_orders set transaction_id = $2, paid_at = $3 where out_trade_no = $1 and status = 'CLOSED' and transaction_id is null returning id::text as id`,
      [outTradeNo, t.transaction_id, now],
    );
    if (late) await this.toRefund(late.id, 'paid_after_close');
  }

  /** PAID → the card is made (idempotent on `wxpay:<out_trade_no>`) → COMPLETED, or REFUNDING. */
  async complete(orderId: string): Promise<void> {
    const [o] = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from wechat_pay_orders where id = $1 and status = 'PAID'`,
      [orderId],
    );
    if (!o || !o.pin_sealed) return;
    let cardId: string;
    try {
      const pin = unseal(this.deps.pay.keys.pinKey, o.pin_sealed, o.id);
      const result = await this.deps.cards.apply(
        o.user_id,
        `wxpay:${o.out_trade_no}`,
        { productId: o.product_id, pin, ...(o.address_id ? { addressId: o.address_id } : {}) },
        { by: 'wechat_pay', orderId: o.id },
      );
      cardId = result.response.id;
    } catch (e) {
      if (e instanceof BusinessError && PERMANENT.has(e.key)) {
        await this.toRefund(o.id, e.key);
        return;
      }
      // Transient (issuer busy, a concurrent completion holds the key): the recovery job tries again.
      this.deps.log.warn(
        { err: e instanceof BusinessError ? { key: e.key } : e, orderId },
        'wechat pay completion deferred',
      );
      return;
    }
    await this.db.transaction(async (tx) => {
      const [done] = await tx.query(
        `update wechat_pay_orders set status = 'COMPLETED', card_id = $2, completed_at = $3, pin_sealed = null
          where id = $1 and status = 'PAID' returning 1`,
        [o.id, cardId, this.deps.now().toISOString()],
      );
      if (done)
        await this.deps.events.record(tx, {
          type: 'cards.wechat_pay_completed',
          userId: o.user_id,
          aggregateId: o.id,
          payload: { cardId, amountCny: new Decimal(o.amount_fen).div(100).toFixed(2), feeUsd: o.fee_usd },
        });
    });
  }

  private async toRefund(orderId: string, failure: string): Promise<void> {
    await this.db.query(
      `update wechat_pay_orders set status = 'REFUNDING', failure = $2, pin_sealed = null
        where id = $1 and status in ('PAID', 'CLOSED')`,
      [orderId, failure],
    );
    await this.refund(orderId);
  }

  /** REFUNDING → the whole amount back to the payer (out_refund_no stable, so a retry is the same refund) → REFUNDED. */
  async refund(orderId: string): Promise<void> {
    const [o] = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from wechat_pay_orders where id = $1 and status = 'REFUNDING'`,
      [orderId],
    );
    if (!o) return;
    const outRefundNo = `R${o.out_trade_no}`.slice(0, 64);
    try {
      await this.deps.pay.refund({
        outTradeNo: o.out_trade_no,
        outRefundNo,
        refundFen: Number(o.amount_fen),
        totalFen: Number(o.amount_fen),
        reason: 'Card application failed',
      });
    } catch (e) {
      // Already refunded (a retry after a lost answer) is success; anything else is retried by the job.
      const t = await this.deps.pay.query(o.out_trade_no).catch(() => null);
      if (t?.trade_state !== 'REFUND') {
        this.deps.log.warn(
          { err: e instanceof WechatPayError ? { code: e.code } : e, orderId },
          'wechat pay refund deferred',
        );
        return;
      }
    }
    await this.db.transaction(async (tx) => {
      const [done] = await tx.query(
        `update wechat_pay_orders set status = 'REFUNDED', refunded_at = $2, out_refund_no = $3 where id = $1 and status = 'REFUNDING' returning 1`,
        [o.id, this.deps.now().toISOString(), outRefundNo],
      );
      if (done)
        await this.deps.events.record(tx, {
          type: 'cards.wechat_pay_refunded',
          userId: o.user_id,
          aggregateId: o.id,
          payload: { amountCny: new Decimal(o.amount_fen).div(100).toFixed(2), failure: o.failure },
        });
    });
  }

  /**
   * Background (once across processes): unpaid orders past their expiry are asked about (a missed
   * notification completes them) and closed at WeChat Pay, then CLOSED here; PAID orders a crash
   * left behind are completed, REFUNDING ones refunded. Bounded per run.
   */
  async sweep(limit = 50): Promise<{ closed: number; completed: number; refunded: number }> {
    const now = this.deps.now();
    const out = { closed: 0, completed: 0, refunded: 0 };
    const due = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from wechat_pay_orders where status = 'NOTPAY' and expires_at <= $1 order by expires_at limit $2`,
      [now.toISOString(), limit],
    );
    for (const o of due) {
      try {
        const t = await this.deps.pay.query(o.out_trade_no).catch((e: unknown) => {
          if (e instanceof WechatPayError && e.code === 'ORDER_NOT_EXIST') return null;
          throw e;
        });
        if (t?.trade_state === 'SUCCESS') {
          await this.paid(o.out_trade_no, { ...t, transaction_id: t.transaction_id });
          out.completed++;
          continue;
        }
        if (t) await this.deps.pay.close(o.out_trade_no);
        const [closed] = await this.db.query(
          `update wechat_pay_orders set status = 'CLOSED', closed_at = $2, pin_sealed = null where id = $1 and status = 'NOTPAY' returning 1`,
          [o.id, now.toISOString()],
        );
        if (closed) out.closed++;
      } catch (e) {
        this.deps.log.warn(
          { err: e instanceof WechatPayError ? { code: e.code } : e, orderId: o.id },
          'wechat pay expiry deferred',
        );
      }
    }
    // Quotes are only worth keeping while they can be used, and as the record of an order's price.
    await this.db.query(
      `delete from wechat_pay_quotes q where q.id in (
         select id from wechat_pay_quotes where expires_at < $1
            and not exists (select 1 from wechat_pay_orders o where o.quote_id = wechat_pay_quotes.id)
          limit $2)`,
      [new Date(now.getTime() - 3_600_000).toISOString(), limit * 20],
    );
    const stuck = await this.db.query<{ id: string; status: string }>(
      `select id::text as id, status from wechat_pay_orders
        where (status = 'PAID' and paid_at < $1) or status = 'REFUNDING' order by created_at limit $2`,
      [new Date(now.getTime() - 120_000).toISOString(), limit],
    );
    for (const s of stuck) {
      if (s.status === 'PAID') {
        await this.complete(s.id).catch(() => undefined);
        out.completed++;
      } else {
        await this.refund(s.id).catch(() => undefined);
        out.refunded++;
      }
    }
    return out;
  }
}
