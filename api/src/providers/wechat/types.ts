/**
 * WeChat's servers as this API uses them (docs/wechat.md). Requests and answers have WeChat's own
 * shapes: query parameters in, JSON out with `errcode`/`errmsg` on failure.
 */

/** A request to WeChat's servers, and its answer, as the transport carries them. */
export interface WireRequest {
  method: 'GET' | 'POST';
  /** Path with its query string, e.g. `/sns/jscode2session?appid=…`. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
/** Real: HTTPS to api.weixin.qq.com / api.mch.weixin.qq.com; sandbox: the API's own /api/dev/wechat… routes. */
export type Transport = (req: WireRequest) => Promise<WireResponse>;

/** WeChat error codes met here (developers.weixin.qq.com "全局返回码"). */
export const WX_ERR = {
  /** invalid code (unknown, or expired for js_code) */
  invalidCode: 40029,
  /** code been used */
  codeUsed: 40163,
  /** oauth_code expired */
  codeExpired: 42003,
  invalidAppid: 40013,
  invalidSecret: 40125,
  invalidToken: 40001,
  busy: -1,
} as const;

export class WechatError extends Error {
  override readonly name = 'WechatError';
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`wechat ${errcode}: ${errmsg}`);
  }
}

export interface WechatIdentity {
  appId: string;
  openid: string;
  unionid: string | null;
  nickname: string | null;
}

export interface WechatSignIn {
  readonly name: string;
  readonly mpAppId: string;
  readonly webAppId: string;
  /** Mini-program wx.login code → openid, unionid, session key (jscode2session). */
  code2Session(jsCode: string): Promise<WechatIdentity & { sessionKey: string }>;
  /** getPhoneNumber button code → the user's verified mobile in E.164 (wxa/business/getuserphonenumber). */
  phoneNumber(code: string): Promise<{ e164: string; purePhoneNumber: string; countryCode: string }>;
  /** Web OAuth code → openid/unionid (sns/oauth2/access_token, then sns/userinfo for snsapi_userinfo). */
  oauthIdentity(code: string): Promise<WechatIdentity & { scope: string }>;
  /** The authorisation page (snsapi_login: the QR page; snsapi_userinfo: inside WeChat's browser). */
  authorizeUrl(p: { redirectUri: string; state: string; scope: 'snsapi_login' | 'snsapi_userinfo' }): string;
}
