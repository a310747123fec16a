import './zod-config';
import { z } from 'zod';
import { V, codeSchema, mobileSchema, pinSchema } from './validation';

/**
 * WeChat sign-in and WeChat Pay (issue 27, docs/wechat.md). Paths are relative to `/api/`.
 * The two passport calls take their payload wrapped in a `form` field (spec §7).
 */

const wxCode = z.string({ error: V.required }).trim().min(1, V.required).max(128, V.tooLong);
const ticket = z.string({ error: V.required }).trim().min(16, V.required).max(128, V.tooLong);

/** Where a WeChat code came from: `mp` = the mini-program's wx.login, `web` = the OAuth authorisation page. */
export const WECHAT_SOURCES = ['mp', 'web'] as const;
export type WechatSource = (typeof WECHAT_SOURCES)[number];

/** POST passport/loginMpWx — `{ form: { code, source, state } }`; `state` is required for `web`. */
export const loginMpWxBody = z.object({
  form: z.object({
    code: wxCode,
    source: z.enum(WECHAT_SOURCES).default('mp'),
    state: z.string().trim().max(128, V.tooLong).optional(),
  }),
});
export type LoginMpWxBody = z.input<typeof loginMpWxBody>;

/** Either a session (the WeChat identity is bound) or a 10-minute single-use ticket to bind a mobile with. */
export const loginMpWxResult = z.object({
  status: z.enum(['signed_in', 'mobile_required']),
  token: z.string().optional(),
  userId: z.string().optional(),
  ticket: z.string().optional(),
  expiresInSeconds: z.number().int().optional(),
  nickname: z.string().nullable().optional(),
});
export type LoginMpWxResult = z.infer<typeof loginMpWxResult>;

/**
 * POST passport/loginMpWxMobile — `{ form: { ticket, phoneCode } }` in the mini-program (the
 * getPhoneNumber code), or `{ form: { ticket, mobile, code } }` in a browser (an SMS code of
 * passport/wechatSendCode). `agree` accepts the user agreement (needed for a new account).
 */
export const loginMpWxMobileBody = z.object({
  form: z
    .object({
      ticket,
      phoneCode: wxCode.optional(),
      mobile: mobileSchema.optional(),
      code: codeSchema.optional(),
      agree: z.boolean().optional(),
      refereeId: z.string().trim().max(32, V.tooLong).optional(),
    })
    .refine((v) => Boolean(v.phoneCode) || (Boolean(v.mobile) && Boolean(v.code)), {
      message: V.required,
      path: ['phoneCode'],
    }),
});
export type LoginMpWxMobileBody = z.input<typeof loginMpWxMobileBody>;
export const loginMpWxMobileResult = z.object({
  token: z.string(),
  userId: z.string(),
  created: z.boolean(),
  mobile: z.string(),
});
export type LoginMpWxMobileResult = z.infer<typeof loginMpWxMobileResult>;

/** POST passport/wechatSendCode — an SMS code to the mobile a browser binds its WeChat to (needs the ticket). */
export const wechatSendCodeBody = z.object({ form: z.object({ ticket, mobile: mobileSchema }) });
export const wechatSendCodeResult = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

/** GET passport/wechatAuthorize — the WeChat authorisation page to send the browser to. */
export const wechatAuthorizeQuery = z.object({
  scope: z.enum(['snsapi_login', 'snsapi_userinfo']).default('snsapi_login'),
  redirectPath: z
    .string()
    .trim()
    .max(200, V.tooLong)
    .regex(/^\/pages\/[A-Za-z0-9_/-]{1,120}$/, 'validation.invalid')
    .default('/pages/passport/login'),
});
export const wechatAuthorizeResult = z.object({
  url: z.string(),
  state: z.string(),
  expiresInSeconds: z.number().int(),
});
export type WechatAuthorizeResult = z.infer<typeof wechatAuthorizeResult>;

/** GET user/wechat — the bound WeChat identity, if any (settings). */
export const wechatBindingResult = z.object({
  bound: z.boolean(),
  nickname: z.string().nullable(),
  boundAt: z.string().nullable(),
  sources: z.array(z.enum(WECHAT_SOURCES)),
});
export type WechatBindingResult = z.infer<typeof wechatBindingResult>;

/** POST user/wechat/unbind — needs a step-up grant for `wechat_unbind` (user/stepUp). */
export const wechatUnbindResult = z.object({ removed: z.number().int() });

// ---------------------------------------------------------------- WeChat Pay

/** POST card/wechatPay/prepay (Idempotency-Key) — the card application fee paid with WeChat Pay in CNY. */
export const wechatPayPrepayBody = z
  .object({
    productId: z.string({ error: V.required }).trim().min(1, V.required).max(64, V.tooLong),
    pin: pinSchema,
    pinConfirm: pinSchema,
    addressId: z.string().trim().max(64).optional(),
    /** The mini-program payer's code (wx.login); absent in a browser, which goes to the cashier page. */
    payerCode: wxCode.optional(),
    /**
     * The held quote the customer saw (POST card/wechatPay/quote): the order asks for exactly its amount,
     * or fails with `quote_expired`. Without it (older clients) the fee is priced at the current rate.
     */
    quoteId: z.string().trim().uuid().optional(),
  })
  .refine((v) => v.pin === v.pinConfirm, { message: V.pinsDiffer, path: ['pinConfirm'] });
export type WechatPayPrepayBody = z.input<typeof wechatPayPrepayBody>;

export const WECHAT_PAY_ORDER_STATES = ['NOTPAY', 'PAID', 'COMPLETED', 'CLOSED', 'REFUNDING', 'REFUNDED'] as const;
export type WechatPayOrderState = (typeof WECHAT_PAY_ORDER_STATES)[number];

/** The JSAPI parameters of wx.requestPayment / WeixinJSBridge (spec §3 "mini-program payment parameters"). */
export const wechatPayJsapiParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type WechatPayJsapiParams = z.infer<typeof wechatPayJsapiParams>;

export const wechatPayOrder = z.object({
  orderId: z.string(),
  outTradeNo: z.string(),
  status: z.enum(WECHAT_PAY_ORDER_STATES),
  productId: z.string(),
  feeUsd: z.string(),
  amountCny: z.string(),
  rate: z.string(),
  expiresAt: z.string(),
  cardId: z.string().nullable(),
  failure: z.string().nullable(),
});
export type WechatPayOrder = z.infer<typeof wechatPayOrder>;

export const wechatPayPrepayResult = z.object({
  order: wechatPayOrder,
  jsapi: wechatPayJsapiParams,
  /** Outside WeChat: the sandbox cashier page (production: WeChat's own page or a QR code). */
  cashierUrl: z.string().nullable(),
});
export type WechatPayPrepayResult = z.infer<typeof wechatPayPrepayResult>;

/** GET card/wechatPay/quote — the fee of a product in CNY at the current rate. */
export const wechatPayQuoteQuery = z.object({ productId: z.string().trim().min(1).max(64) });
export const wechatPayQuoteResult = z.object({ feeUsd: z.string(), amountCny: z.string(), rate: z.string() });
export type WechatPayQuoteResult = z.infer<typeof wechatPayQuoteResult>;

/** POST card/wechatPay/quote — the fee in CNY, held for this customer for 60 s (the amount prepay will ask for). */
export const wechatPayHoldQuoteBody = z.object({
  productId: z.string({ error: V.required }).trim().min(1, V.required).max(64, V.tooLong),
});
export const wechatPayHeldQuote = wechatPayQuoteResult.extend({ quoteId: z.string(), expiresAt: z.string() });
export type WechatPayHeldQuote = z.infer<typeof wechatPayHeldQuote>;

/** GET card/wechatPay/order?orderId= */
export const wechatPayOrderQuery = z.object({ orderId: z.string().trim().uuid() });
