import { randomBytes, randomUUID } from 'node:crypto';
import type { SqlDatabase } from '../../db/sql';
import {
  aeadEncrypt,
  nonceStr,
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
  safeEqual,
  timestampFresh,
} from './pay-crypto';
import { rfc3339China, type SandboxPayKeys } from './pay';
import type { WireRequest, WireResponse } from './types';

type TxRow = {
  prepay_id: string;
  appid: string;
  mchid: string;
  out_trade_no: string;
  total_fen: string;
  payer_openid: string | null;
  notify_url: string;
  trade_state: string;
  transaction_id: string | null;
  time_expire: Date | string;
  paid_at: Date | string | null;
  refunded_fen: string;
  description: string;
};
const TX_COLUMNS = `prepay_id, appid, mchid, out_trade_no, total_fen::text as total_fen, payer_openid, notify_url, trade_state,
  transaction_id, time_expire, paid_at, refunded_fen::text as refunded_fen, description`;

/** Delivers a notification to the merchant's notify_url; true when it answered 200/204. */
export type NotifyDelivery = (url: string, headers: Record<string, string>, body: string) => Promise<boolean>;

/**
 * WeChat Pay in the sandbox (docs/wechat.md): api.mch.weixin.qq.com's v3 routes for JSAPI prepay,
 * query, close and refund — each request's Authorization verified with the merchant's public key,
 * each answer signed with the platform key — the cashier's "pay" and the payment notification
 * (signed, resource AES-256-GCM encrypted with the API v3 key), sent again until acknowledged.
 */
export class SandboxWechatPayServer {
  constructor(
    private readonly db: SqlDatabase,
    readonly keys: SandboxPayKeys,
    private readonly now: () => Date,
    private readonly deliver: NotifyDelivery,
  ) {}

  private answer(status: number, body: unknown): WireResponse {
    const text = body === null ? '' : JSON.stringify(body);
    const ts = String(Math.floor(this.now().getTime() / 1000));
    const nonce = nonceStr();
    return {
      status,
      headers: {
        'content-type': 'application/json',
        'request-id': randomUUID(),
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': this.keys.platformSerial,
        'wechatpay-signature': rsaSign(this.keys.platformPrivateKey, responseMessage(ts, nonce, text)),
      },
      body: text,
    };
  }
  private fail(status: number, code: string, message: string): WireResponse {
    return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, message }) };
  }

  async handle(req: WireRequest): Promise<WireResponse> {
    const auth = parseAuthorization(req.headers?.authorization);
    const body = req.body ?? '';
    if (
      !auth ||
      !safeEqual(auth.mchid, this.keys.mchid) ||
      !safeEqual(auth.serial, this.keys.merchantSerial) ||
      !timestampFresh(auth.timestamp, this.now()) ||
      !rsaVerify(
        this.keys.merchantPublicKey,
        requestMessage(req.method, req.url, auth.timestamp, auth.nonce, body),
        auth.signature,
      )
    )
      return this.fail(401, 'SIGN_ERROR', '签名错误');
    let json: Record<string, unknown> = {};
    if (body) {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return this.fail(400, 'PARAM_ERROR', 'invalid json');
      }
    }
    const url = new URL(req.url, 'https://api.mch.weixin.qq.com');
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]{1,32})(\/close)?$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') return this.prepay(json);
    if (req.method === 'GET' && byNo && !byNo[2]) return this.query(decodeURIComponent(byNo[1]!));
    if (req.method === 'POST' && byNo?.[2]) return this.close(decodeURIComponent(byNo[1]!));
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return this.refund(json);
    return this.fail(404, 'NOT_FOUND', 'not found');
  }

  private async prepay(b: Record<string, unknown>): Promise<WireResponse> {
    const amount = b.amount as { total?: unknown; currency?: unknown } | undefined;
    if (
      b.appid !== this.keys.appId ||
      b.mchid !== this.keys.mchid ||
      typeof b.out_trade_no !== 'string' ||
      !/^[A-Za-z0-9_*|-]{6,32}$/.test(b.out_trade_no) ||
      typeof b.description !== 'string' ||
      typeof b.notify_url !== 'string' ||
      typeof amount?.total !== 'number' ||
      !Number.isSafeInteger(amount.total) ||
      amount.total < 1 ||
      (amount.currency ?? 'CNY') !== 'CNY'
    )
      return this.fail(400, 'PARAM_ERROR', '参数错误');
    const [existing] = await this.db.query<TxRow>(
      `select ${TX_COLUMNS} from wechat_pay_sandbox_transactions where out_trade_no = $1`,
      [b.out_trade_no],
    );
    if (existing) {
      // Same order again: the same prepay_id (WeChat's documented behaviour), another one: a duplicate.
      if (Number(existing.total_fen) === amount.total && existing.trade_state === 'NOTPAY')
        return this.answer(200, { prepay_id: existing.prepay_id });
      return this.fail(400, 'ORDER_NO_DUPLICATE', '商户订单号重复');
    }
    const expire =
      typeof b.time_expire === 'string' ? new Date(b.time_expire) : new Date(this.now().getTime() + 7200_000);
    if (Number.isNaN(expire.getTime())) return this.fail(400, 'PARAM_ERROR', 'time_expire');
    const payer = (b.payer as { openid?: unknown } | undefined)?.openid;
    const prepayId = `wx${rfc3339China(this.now()).replace(/\D/g, '').slice(0, 14)}${randomBytes(10).toString('hex')}`;
    await this.db.query(
      `insert into wechat_pay_sandbox_transactions (prepay_id, appid, mchid, out_trade_no, description, total_fen, payer_openid, notify_url, trade_state, time_expire, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'NOTPAY', $9, $10) on conflict do nothing`,
      [
        prepayId,
        b.appid,
        b.mchid,
        b.out_trade_no,
        b.description.slice(0, 127),
        amount.total,
        typeof payer === 'string' ? payer : null,
        b.notify_url,
        expire.toISOString(),
        this.now().toISOString(),
      ],
    );
    return this.answer(200, { prepay_id: prepayId });
  }

  private transaction(r: TxRow) {
    return {
      appid: r.appid,
      mchid: r.mchid,
      out_trade_no: r.out_trade_no,
      transaction_id: r.transaction_id ?? undefined,
      trade_type: 'JSAPI',
      trade_state: r.trade_state,
      trade_state_desc:
        { SUCCESS: '支付成功', NOTPAY: '未支付', CLOSED: '已关闭', REFUND: '转入退款' }[r.trade_state] ?? '',
      ...(r.paid_at ? { success_time: rfc3339China(new Date(r.paid_at)), bank_type: 'OTHERS' } : {}),
      payer: { openid: r.payer_openid ?? undefined },
      amount: { total: Number(r.total_fen), payer_total: Number(r.total_fen), currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  private async query(outTradeNo: string): Promise<WireResponse> {
    const [r] = await this.db.query<TxRow>(
      `select ${TX_COLUMNS} from wechat_pay_sandbox_transactions where out_trade_no = $1`,
      [outTradeNo],
    );
    if (!r) return this.fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    return this.answer(200, this.transaction(r));
  }

  private async close(outTradeNo: string): Promise<WireResponse> {
    const [r] = await this.db.query<TxRow>(
      `update wechat_pay_sandbox_transactions set trade_state = 'CLOSED' where out_trade_no = $1 and trade_state = 'NOTPAY' returning ${TX_COLUMNS}`,
      [outTradeNo],
    );
    if (r) return this.answer(204, null);
    const [seen] = await this.db.query<TxRow>(
      `select ${TX_COLUMNS} from wechat_pay_sandbox_transactions where out_trade_no = $1`,
      [outTradeNo],
    );
    if (!seen) return this.fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (seen.trade_state === 'CLOSED') return this.answer(204, null);
    return this.fail(400, 'ORDERPAID', '订单已支付');
  }

  private async refund(b: Record<string, unknown>): Promise<WireResponse> {
    const amount = b.amount as { refund?: unknown; total?: unknown } | undefined;
    if (typeof b.out_trade_no !== 'string' || typeof b.out_refund_no !== 'string' || typeof amount?.refund !== 'number')
      return this.fail(400, 'PARAM_ERROR', '参数错误');
    const [r] = await this.db.query<TxRow>(
      `update wechat_pay_sandbox_transactions set refunded_fen = refunded_fen + $2, trade_state = 'REFUND'
        where out_trade_no = $1 and trade_state in ('SUCCESS', 'REFUND') and refunded_fen + $2 <= total_fen
        returning ${TX_COLUMNS}`,
      [b.out_trade_no, amount.refund],
    );
    if (!r) return this.fail(400, 'INVALID_REQUEST', '订单状态不允许退款');
    return this.answer(200, {
      refund_id: `50${randomBytes(14).toString('hex')}`,
      out_refund_no: b.out_refund_no,
      transaction_id: r.transaction_id,
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      status: 'SUCCESS',
      create_time: rfc3339China(this.now()),
      amount: { refund: amount.refund, total: Number(r.total_fen), currency: 'CNY' },
    });
  }

  /** The transaction of a prepay id (the cashier page shows it). */
  async byPrepayId(prepayId: string): Promise<TxRow | undefined> {
    const [r] = await this.db.query<TxRow>(
      `select ${TX_COLUMNS} from wechat_pay_sandbox_transactions where prepay_id = $1`,
      [prepayId],
    );
    return r;
  }

  /** The customer pays at the cashier: NOTPAY → SUCCESS once; then the notification goes out. */
  async pay(prepayId: string, payerOpenid: string | null): Promise<'paid' | 'already' | 'closed' | 'unknown'> {
    const [r] = await this.db.query<TxRow>(
      `update wechat_pay_sandbox_transactions
          set trade_state = 'SUCCESS', paid_at = $2, transaction_id = $3, payer_openid = coalesce(payer_openid, $4)
        where prepay_id = $1 and trade_state = 'NOTPAY' and time_expire > $2
        returning ${TX_COLUMNS}`,
      [
        prepayId,
        this.now().toISOString(),
        `4200${randomBytes(12).toString('hex').replace(/\D/g, '').padEnd(24, '7').slice(0, 24)}`,
        payerOpenid,
      ],
    );
    if (!r) {
      const seen = await this.byPrepayId(prepayId);
      if (!seen) return 'unknown';
      return seen.trade_state === 'SUCCESS' || seen.trade_state === 'REFUND' ? 'already' : 'closed';
    }
    await this.notify(r).catch(() => false);
    return 'paid';
  }

  /** The signed, encrypted TRANSACTION.SUCCESS notification of a paid transaction (as WeChat sends it). */
  notification(r: TxRow, id: string = randomUUID()): { headers: Record<string, string>; body: string } {
    const resource = aeadEncrypt(this.keys.apiV3Key, JSON.stringify(this.transaction(r)), 'transaction', 'transaction');
    const body = JSON.stringify({
      id,
      create_time: rfc3339China(this.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    const ts = String(Math.floor(this.now().getTime() / 1000));
    const nonce = nonceStr();
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': this.keys.platformSerial,
        'wechatpay-signature': rsaSign(this.keys.platformPrivateKey, responseMessage(ts, nonce, body)),
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
    };
  }

  private async notify(r: TxRow): Promise<boolean> {
    const n = this.notification(r);
    const acked = await this.deliver(r.notify_url, n.headers, n.body);
    if (acked)
      await this.db.query(`update wechat_pay_sandbox_transactions set notified_at = $2 where prepay_id = $1`, [
        r.prepay_id,
        this.now().toISOString(),
      ]);
    return acked;
  }

  /** Like WeChat, notifies again what was not acknowledged (bounded per run). */
  async flush(limit = 50): Promise<number> {
    const rows = await this.db.query<TxRow>(
      `select ${TX_COLUMNS} from wechat_pay_sandbox_transactions where trade_state = 'SUCCESS' and notified_at is null order by paid_at limit $1`,
      [limit],
    );
    let n = 0;
    for (const r of rows) if (await this.notify(r).catch(() => false)) n++;
    return n;
  }
}
