import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { SqlRunner } from '../../db/sql';
import type { WechatPayLiveKeys } from '../../config/wechat.js';
import {
  aeadDecrypt,
  authorizationHeader,
  jsapiMessage,
  newApiV3Key,
  newRsaKeyPair,
  nonceStr,
  responseMessage,
  rsaSign,
  rsaVerify,
  safeEqual,
  timestampFresh,
} from './pay-crypto';
import type { Transport } from './types';

/** Keys of one merchant (docs/wechat.md "Keys"). Never logged. */
export interface PayKeys {
  mchid: string;
  appId: string;
  merchantSerial: string;
  merchantPrivateKey: KeyObject;
  platformSerial: string;
  platformPublicKey: KeyObject;
  apiV3Key: string;
  /** 32 bytes hex: seals the card PIN while its payment is pending. */
  pinKey: string;
}

/** The sandbox's private halves as well (it plays WeChat Pay). */
export interface SandboxPayKeys extends PayKeys {
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
}

export class WechatPayError extends Error {
  override readonly name = 'WechatPayError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`wechat pay ${status} ${code}: ${message}`);
  }
}

/** A decrypted TRANSACTION.SUCCESS resource (API v3 "支付成功回调通知"). */
export interface PayTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: string;
  trade_state: string;
  trade_state_desc?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount: { total: number; payer_total?: number; currency: string; payer_currency?: string };
}

export interface PayNotification {
  id: string;
  event_type: string;
  transaction: PayTransaction;
}

export type NotificationVerdict =
  | { ok: true; notification: PayNotification }
  | { ok: false; reason: 'headers' | 'serial' | 'stale' | 'signature' | 'body' | 'decrypt' };

export const SANDBOX_MCHID = '1900000109';

/**
 * WeChat Pay API v3, merchant side: JSAPI prepay, query, close, refund, the JSAPI parameters and
 * the notification check. Real and sandbox differ only in the transport and the keys.
 */
export class WechatPayClient {
  constructor(
    readonly name: string,
    private readonly opts: { transport: Transport; keys: PayKeys; notifyUrl: string; now: () => Date },
  ) {}

  get keys() {
    return this.opts.keys;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; data: T | null }> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const k = this.opts.keys;
    const authorization = authorizationHeader({
      mchid: k.mchid,
      serial: k.merchantSerial,
      privateKey: k.merchantPrivateKey,
      method,
      url,
      body: raw,
      timestamp: String(Math.floor(this.opts.now().getTime() / 1000)),
    });
    let res;
    try {
      res = await this.opts.transport({
        method,
        url,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: raw } : {}),
      });
    } catch {
      throw new WechatPayError(0, 'NETWORK', 'unreachable');
    }
    if (res.status >= 300) {
      let code = 'SYSTEM_ERROR';
      let message = `http ${res.status}`;
      try {
        const e = JSON.parse(res.body) as { code?: string; message?: string };
        code = e.code ?? code;
        message = e.message ?? message;
      } catch {
        /* not JSON */
      }
      throw new WechatPayError(res.status, code, message);
    }
    // Every answer is signed by the platform key: an unsigned or forged one is not trusted.
    const h = (n: string) => res.headers[n] ?? res.headers[n.toLowerCase()];
    const ts = h('wechatpay-timestamp');
    const nonce = h('wechatpay-nonce');
    const sig = h('wechatpay-signature');
    const serial = h('wechatpay-serial');
    if (
      !ts ||
      !nonce ||
      !sig ||
      !serial ||
      !safeEqual(serial, k.platformSerial) ||
      !timestampFresh(ts, this.opts.now()) ||
      !rsaVerify(k.platformPublicKey, responseMessage(ts, nonce, res.body), sig)
    )
      throw new WechatPayError(res.status, 'SIGN_ERROR', 'answer signature not verified');
    return { status: res.status, data: res.body ? (JSON.parse(res.body) as T) : null };
  }

  /** POST /v3/pay/transactions/jsapi → prepay_id. */
  async jsapiPrepay(p: {
    outTradeNo: string;
    description: string;
    totalFen: number;
    payerOpenid: string | null;
    timeExpire: Date;
  }): Promise<string> {
    const k = this.opts.keys;
    const { data } = await this.call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
      appid: k.appId,
      mchid: k.mchid,
      description: p.description,
      out_trade_no: p.outTradeNo,
      time_expire: rfc3339China(p.timeExpire),
      notify_url: this.opts.notifyUrl,
      amount: { total: p.totalFen, currency: 'CNY' },
      ...(p.payerOpenid ? { payer: { openid: p.payerOpenid } } : {}),
    });
    if (!data?.prepay_id) throw new WechatPayError(200, 'SYSTEM_ERROR', 'no prepay_id');
    return data.prepay_id;
  }

  /** GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid= */
  async query(outTradeNo: string): Promise<PayTransaction> {
    const { data } = await this.call<PayTransaction>(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${this.opts.keys.mchid}`,
    );
    return data!;
  }

  /** POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close (204). */
  async close(outTradeNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
      mchid: this.opts.keys.mchid,
    });
  }

  /** POST /v3/refund/domestic/refunds → status SUCCESS | PROCESSING | ABNORMAL | CLOSED. */
  async refund(p: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number; reason: string }) {
    const { data } = await this.call<{ refund_id: string; status: string }>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: p.outTradeNo,
      out_refund_no: p.outRefundNo,
      reason: p.reason.slice(0, 80),
      amount: { refund: p.refundFen, total: p.totalFen, currency: 'CNY' },
    });
    return data!;
  }

  /** The parameters of wx.requestPayment / WeixinJSBridge getBrandWCPayRequest, signed with the merchant key. */
  jsapiParams(prepayId: string) {
    const k = this.opts.keys;
    const timeStamp = String(Math.floor(this.opts.now().getTime() / 1000));
    const nonce = nonceStr();
    const pkg = `prepay_id=${prepayId}`;
    return {
      appId: k.appId,
      timeStamp,
      nonceStr: nonce,
      package: pkg,
      signType: 'RSA' as const,
      paySign: rsaSign(k.merchantPrivateKey, jsapiMessage(k.appId, timeStamp, nonce, pkg)),
    };
  }

  /** Verifies (platform signature, serial, ±5 min) and decrypts (AES-256-GCM, API v3 key) a notification. */
  verifyNotification(headers: Record<string, string | undefined>, raw: Buffer): NotificationVerdict {
    const k = this.opts.keys;
    const ts = headers['wechatpay-timestamp'];
    const nonce = headers['wechatpay-nonce'];
    const sig = headers['wechatpay-signature'];
    const serial = headers['wechatpay-serial'];
    if (!ts || !nonce || !sig || !serial || nonce.length > 64) return { ok: false, reason: 'headers' };
    if (!safeEqual(serial, k.platformSerial)) return { ok: false, reason: 'serial' };
    if (!timestampFresh(ts, this.opts.now())) return { ok: false, reason: 'stale' };
    const body = raw.toString('utf8');
    if (!rsaVerify(k.platformPublicKey, responseMessage(ts, nonce, body), sig))
      return { ok: false, reason: 'signature' };
    let parsed: {
      id?: unknown;
      event_type?: unknown;
      resource?: { algorithm?: unknown; ciphertext?: unknown; associated_data?: unknown; nonce?: unknown };
    };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return { ok: false, reason: 'body' };
    }
    const r = parsed.resource;
    if (
      typeof parsed.id !== 'string' ||
      typeof parsed.event_type !== 'string' ||
      !r ||
      r.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof r.ciphertext !== 'string' ||
      typeof r.nonce !== 'string'
    )
      return { ok: false, reason: 'body' };
    let transaction: PayTransaction;
    try {
      transaction = JSON.parse(
        aeadDecrypt(k.apiV3Key, {
          ciphertext: r.ciphertext,
          nonce: r.nonce,
          associated_data: typeof r.associated_data === 'string' ? r.associated_data : '',
        }),
      ) as PayTransaction;
    } catch {
      return { ok: false, reason: 'decrypt' };
    }
    if (typeof transaction?.out_trade_no !== 'string' || transaction.mchid !== k.mchid)
      return { ok: false, reason: 'body' };
    return {
      ok: true,
      notification: { id: parsed.id.slice(0, 64), event_type: parsed.event_type.slice(0, 64), transaction },
    };
  }
}

/** WeChat's time format: RFC 3339 in China time, e.g. 2026-11-24T22:15:00+08:00. */
export function rfc3339China(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * The merchant's keys. Production: WECHATPAY_MCH_ID, WECHATPAY_APP_ID, WECHATPAY_MERCHANT_KEY_PEM,
 * WECHATPAY_MERCHANT_SERIAL, WECHATPAY_PLATFORM_CERT_PEM (or its public key), WECHATPAY_PLATFORM_SERIAL,
 * WECHATPAY_API_V3_KEY and WECHATPAY_PIN_KEY (64 hex). Sandbox: generated at the first start and
 * kept in the database (wechat_pay_sandbox_keys) so every process shares them.
 */
export function liveKeys(k: WechatPayLiveKeys): PayKeys | null {
  const { mchId, appId, merchantKeyPem, merchantSerial, platformCertPem, platformSerial, apiV3Key, pinKey } = k;
  if (!mchId || !appId || !merchantKeyPem || !merchantSerial || !platformCertPem || !platformSerial) return null;
  if (!apiV3Key || apiV3Key.length !== 32 || !pinKey || !/^[0-9a-f]{64}$/i.test(pinKey)) return null;
  return {
    mchid: mchId,
    appId,
    merchantSerial,
    merchantPrivateKey: createPrivateKey(merchantKeyPem),
    platformSerial,
    platformPublicKey: createPublicKey(platformCertPem),
    apiV3Key,
    pinKey,
  };
}

export async function sandboxKeys(db: SqlRunner, appId: string, mchid = SANDBOX_MCHID): Promise<SandboxPayKeys> {
  type Row = {
    merchant_private_pem: string;
    merchant_serial: string;
    platform_private_pem: string;
    platform_serial: string;
    api_v3_key: string;
    pin_key: string;
  };
  const read = () =>
    db.query<Row>(
      `select merchant_private_pem, merchant_serial, platform_private_pem, platform_serial, api_v3_key, pin_key from wechat_pay_sandbox_keys where id = 1`,
    );
  let [row] = await read();
  if (!row) {
    const merchant = newRsaKeyPair();
    const platform = newRsaKeyPair();
    // Two processes starting together: the first insert wins, both read the same keys.
    await db.query(
      `insert into wechat_pay_sandbox_keys (id, merchant_private_pem, merchant_serial, platform_private_pem, platform_serial, api_v3_key, pin_key, created_at)
       values (1, $1, $2, $3, $4, $5, $6, now()) on conflict (id) do nothing`,
      [
        merchant.privatePem,
        merchant.serial,
        platform.privatePem,
        platform.serial,
        newApiV3Key(),
        (await import('node:crypto')).randomBytes(32).toString('hex'),
      ],
    );
    [row] = await read();
  }
  const merchantPrivateKey = createPrivateKey(row!.merchant_private_pem);
  const platformPrivateKey = createPrivateKey(row!.platform_private_pem);
  return {
    mchid,
    appId,
    merchantSerial: row!.merchant_serial,
    merchantPrivateKey,
    merchantPublicKey: createPublicKey(merchantPrivateKey),
    platformSerial: row!.platform_serial,
    platformPrivateKey,
    platformPublicKey: createPublicKey(platformPrivateKey),
    apiV3Key: row!.api_v3_key,
    pinKey: row!.pin_key,
  };
}
