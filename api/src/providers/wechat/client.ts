import { WechatError, WX_ERR, type Transport, type WechatIdentity, type WechatSignIn } from './types';

type WxAnswer = { errcode?: number; errmsg?: string } & Record<string, unknown>;

/**
 * The one WeChat sign-in client: real (transport = HTTPS to api.weixin.qq.com) and sandbox
 * (transport = the sandbox's routes) run this same code, so the sandbox exercises the real shapes.
 */
export class WechatClient implements WechatSignIn {
  private accessToken: { token: string; until: number } | null = null;

  constructor(
    readonly name: string,
    private readonly opts: {
      transport: Transport;
      mpAppId: string;
      mpSecret: string;
      webAppId: string;
      webSecret: string;
      /** Where the authorisation page lives: https://open.weixin.qq.com in production. */
      openBase: string;
      now: () => Date;
    },
  ) {}

  get mpAppId() {
    return this.opts.mpAppId;
  }
  get webAppId() {
    return this.opts.webAppId;
  }

  private async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<WxAnswer> {
    let res;
    try {
      res = await this.opts.transport({
        method,
        url,
        ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
    } catch {
      throw new WechatError(WX_ERR.busy, 'system error');
    }
    if (res.status !== 200) throw new WechatError(WX_ERR.busy, `http ${res.status}`);
    let parsed: WxAnswer;
    try {
      parsed = JSON.parse(res.body) as WxAnswer;
    } catch {
      throw new WechatError(WX_ERR.busy, 'not json');
    }
    if (typeof parsed.errcode === 'number' && parsed.errcode !== 0)
      throw new WechatError(parsed.errcode, String(parsed.errmsg ?? ''));
    return parsed;
  }

  async code2Session(jsCode: string) {
    const q = new URLSearchParams({
      appid: this.opts.mpAppId,
      secret: this.opts.mpSecret,
      js_code: jsCode,
      grant_type: 'authorization_code',
    });
    const a = await this.call('GET', `/sns/jscode2session?${q}`);
    if (typeof a.openid !== 'string' || typeof a.session_key !== 'string')
      throw new WechatError(WX_ERR.busy, 'bad answer');
    return {
      appId: this.opts.mpAppId,
      openid: a.openid,
      unionid: typeof a.unionid === 'string' ? a.unionid : null,
      nickname: null,
      sessionKey: a.session_key,
    };
  }

  /** The mini-program's server access token (cgi-bin/token, 7200 s), renewed 5 minutes early. */
  private async token(): Promise<string> {
    const now = this.opts.now().getTime();
    if (this.accessToken && this.accessToken.until > now) return this.accessToken.token;
    const q = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.opts.mpAppId,
      secret: this.opts.mpSecret,
    });
    const a = await this.call('GET', `/cgi-bin/token?${q}`);
    if (typeof a.access_token !== 'string') throw new WechatError(WX_ERR.busy, 'bad answer');
    const ttl = typeof a.expires_in === 'number' ? a.expires_in : 7200;
    this.accessToken = { token: a.access_token, until: now + Math.max(60, ttl - 300) * 1000 };
    return a.access_token;
  }

  async phoneNumber(code: string) {
    let a: WxAnswer;
    try {
      a = await this.call(
        'POST',
        `/wxa/business/getuserphonenumber?access_token=${encodeURIComponent(await this.token())}`,
        {
          code,
        },
      );
    } catch (e) {
      // A token revoked early (another process renewed it): once more with a new one.
      if (!(e instanceof WechatError) || e.errcode !== WX_ERR.invalidToken) throw e;
      this.accessToken = null;
      a = await this.call(
        'POST',
        `/wxa/business/getuserphonenumber?access_token=${encodeURIComponent(await this.token())}`,
        {
          code,
        },
      );
    }
    const info = a.phone_info as { phoneNumber?: string; purePhoneNumber?: string; countryCode?: string } | undefined;
    if (!info?.purePhoneNumber || !info.countryCode) throw new WechatError(WX_ERR.busy, 'bad answer');
    return {
      e164: `+${info.countryCode}${info.purePhoneNumber}`,
      purePhoneNumber: info.purePhoneNumber,
      countryCode: info.countryCode,
    };
  }

  async oauthIdentity(code: string): Promise<WechatIdentity & { scope: string }> {
    const q = new URLSearchParams({
      appid: this.opts.webAppId,
      secret: this.opts.webSecret,
      code,
      grant_type: 'authorization_code',
    });
    const a = await this.call('GET', `/sns/oauth2/access_token?${q}`);
    if (typeof a.openid !== 'string' || typeof a.access_token !== 'string')
      throw new WechatError(WX_ERR.busy, 'bad answer');
    const scope = typeof a.scope === 'string' ? a.scope : 'snsapi_login';
    let nickname: string | null = null;
    let unionid = typeof a.unionid === 'string' ? a.unionid : null;
    if (scope.includes('snsapi_userinfo') || scope.includes('snsapi_login')) {
      const info = await this.call(
        'GET',
        `/sns/userinfo?${new URLSearchParams({ access_token: a.access_token, openid: a.openid, lang: 'en' })}`,
      ).catch(() => null);
      if (info && typeof info.nickname === 'string') nickname = info.nickname.slice(0, 64);
      if (info && typeof info.unionid === 'string') unionid = info.unionid;
    }
    return { appId: this.opts.webAppId, openid: a.openid, unionid, nickname, scope };
  }

  authorizeUrl(p: { redirectUri: string; state: string; scope: 'snsapi_login' | 'snsapi_userinfo' }): string {
    const q = new URLSearchParams({
      appid: this.opts.webAppId,
      redirect_uri: p.redirectUri,
      response_type: 'code',
      scope: p.scope,
      state: p.state,
    });
    const page = p.scope === 'snsapi_login' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
    return `${this.opts.openBase}${page}?${q}#wechat_redirect`;
  }
}

/** HTTPS transport to WeChat's servers (production), bounded by a timeout. */
export function httpsTransport(base: string, timeoutMs: number): Transport {
  return async (req) => {
    const res = await fetch(`${base}${req.url}`, {
      method: req.method,
      headers: req.headers ?? {},
      ...(req.body !== undefined ? { body: req.body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, body: (await res.text()).slice(0, 1_000_000) };
  };
}
