import { createHash, randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../../db/sql';
import { WX_ERR, type WireRequest, type WireResponse } from './types';

/** Documented sandbox credentials (docs/wechat.md); WECHAT_* variables override them. */
export const SANDBOX_WECHAT = {
  mpAppId: 'wx5a9e0d1c0sandbox',
  mpSecret: 'sandbox-mp-secret-0000000000000000',
  webAppId: 'wx7c3b2f4e0sandbox',
  webSecret: 'sandbox-web-secret-000000000000000',
} as const;

/** WeChat codes live 5 minutes; the access tokens 7200 s. */
const CODE_SECONDS = 300;
const TOKEN_SECONDS = 7200;

type CodeKind = 'js' | 'oauth' | 'phone' | 'sns_token';
type CodeRow = {
  code: string;
  app_id: string;
  openid: string | null;
  unionid: string | null;
  nickname: string | null;
  phone: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
};

/** A sandbox WeChat user is a name; its ids are derived from it, per app like the real ones. */
export function sandboxOpenid(appId: string, name: string): string {
  return `o${createHash('sha256').update(`${appId}:${name}`).digest('base64url').slice(0, 27)}`;
}
export function sandboxUnionid(name: string): string {
  return `oU${createHash('sha256').update(`union:${name}`).digest('base64url').slice(0, 26)}`;
}

const json = (body: unknown): WireResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const wxError = (errcode: number, errmsg: string) =>
  json({ errcode, errmsg: `${errmsg} rid: ${randomBytes(6).toString('hex')}` });

/**
 * WeChat's servers in the sandbox (docs/wechat.md): the codes WeChat hands to a phone (wx.login,
 * the getPhoneNumber button, the authorisation page) and the server calls that redeem them, with
 * WeChat's request and answer shapes and its errors — 40029 invalid code, 40163 code been used,
 * 42003 code expired, 40013 invalid appid, 40125 invalid appsecret, 40001 invalid access token.
 * State is in the database so that every process of one deployment sees the same codes.
 */
export class SandboxWechatServer {
  constructor(
    private readonly db: SqlDatabase,
    private readonly now: () => Date,
    private readonly apps: { mpAppId: string; mpSecret: string; webAppId: string; webSecret: string } = SANDBOX_WECHAT,
  ) {}

  private async mint(kind: CodeKind, appId: string, fields: Partial<CodeRow>, seconds = CODE_SECONDS): Promise<string> {
    const code = `${kind === 'sns_token' ? 'sns' : '0'}${randomBytes(16).toString('hex')}`;
    const now = this.now();
    await this.db.query(
      `insert into wechat_sandbox_codes (code, kind, app_id, openid, unionid, nickname, phone, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        code,
        kind,
        appId,
        fields.openid ?? null,
        fields.unionid ?? null,
        fields.nickname ?? null,
        fields.phone ?? null,
        now.toISOString(),
        new Date(now.getTime() + seconds * 1000).toISOString(),
      ],
    );
    return code;
  }

  /** What wx.login answers inside the mini-program of the sandbox WeChat user `name`. */
  mintJsCode(name: string): Promise<string> {
    const appId = this.apps.mpAppId;
    return this.mint('js', appId, {
      openid: sandboxOpenid(appId, name),
      unionid: sandboxUnionid(name),
      nickname: name,
    });
  }

  /** What the getPhoneNumber button answers when the user agrees to share `phone` (E.164). */
  mintPhoneCode(phone: string): Promise<string> {
    return this.mint('phone', this.apps.mpAppId, { phone });
  }

  /** The authorisation page's "Allow": an OAuth code for the web app. */
  mintOauthCode(name: string): Promise<string> {
    const appId = this.apps.webAppId;
    return this.mint('oauth', appId, {
      openid: sandboxOpenid(appId, name),
      unionid: sandboxUnionid(name),
      nickname: name,
    });
  }

  /** Marks a code as handed out `seconds` ago (tests of expiry). */
  async age(code: string, seconds: number): Promise<void> {
    await this.db.query(
      `update wechat_sandbox_codes set expires_at = expires_at - make_interval(secs => $2::int) where code = $1`,
      [code, seconds],
    );
  }

  /** Redeems a code once; the WeChat error otherwise. */
  private async redeem(kind: CodeKind, appId: string, code: string | null): Promise<CodeRow | WireResponse> {
    if (!code || code.length > 128) return wxError(WX_ERR.invalidCode, 'invalid code');
    const now = this.now().toISOString();
    const [row] = await this.db.query<CodeRow>(
      `update wechat_sandbox_codes set used_at = $4
        where code = $1 and kind = $2 and app_id = $3 and used_at is null and expires_at > $4
        returning code, app_id, openid, unionid, nickname, phone, expires_at, used_at`,
      [code, kind, appId, now],
    );
    if (row) return row;
    const [seen] = await this.db.query<CodeRow>(
      `select code, app_id, openid, unionid, nickname, phone, expires_at, used_at from wechat_sandbox_codes
        where code = $1 and kind = $2 and app_id = $3`,
      [code, kind, appId],
    );
    if (!seen) return wxError(WX_ERR.invalidCode, 'invalid code');
    if (seen.used_at) return wxError(WX_ERR.codeUsed, 'code been used');
    // WeChat answers an expired js_code as invalid; an expired OAuth code as 42003.
    return kind === 'js' || kind === 'phone'
      ? wxError(WX_ERR.invalidCode, 'invalid code')
      : wxError(WX_ERR.codeExpired, 'code expired');
  }

  private checkApp(appid: string | null, secret: string | null, which: 'mp' | 'web'): WireResponse | null {
    const [id, sec] =
      which === 'mp' ? [this.apps.mpAppId, this.apps.mpSecret] : [this.apps.webAppId, this.apps.webSecret];
    if (appid !== id) return wxError(WX_ERR.invalidAppid, 'invalid appid');
    if (secret !== sec) return wxError(WX_ERR.invalidSecret, 'invalid appsecret');
    return null;
  }

  /** Answers one request the way api.weixin.qq.com does. */
  async handle(req: WireRequest): Promise<WireResponse> {
    const url = new URL(req.url, 'https://api.weixin.qq.com');
    const q = (k: string) => url.searchParams.get(k);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /sns/jscode2session': {
        const bad = this.checkApp(q('appid'), q('secret'), 'mp');
        if (bad) return bad;
        if (q('grant_type') !== 'authorization_code') return wxError(40002, 'invalid grant_type');
        const r = await this.redeem('js', this.apps.mpAppId, q('js_code'));
        if ('status' in r) return r;
        return json({
          openid: r.openid,
          session_key: randomBytes(16).toString('base64'),
          unionid: r.unionid,
          errcode: 0,
          errmsg: 'ok',
        });
      }
      case 'GET /cgi-bin/token': {
        if (q('grant_type') !== 'client_credential') return wxError(40002, 'invalid grant_type');
        const bad = this.checkApp(q('appid'), q('secret'), 'mp');
        if (bad) return bad;
        const token = randomBytes(48).toString('base64url');
        await this.db.query(`insert into wechat_sandbox_tokens (token, app_id, expires_at) values ($1, $2, $3)`, [
          token,
          this.apps.mpAppId,
          new Date(this.now().getTime() + TOKEN_SECONDS * 1000).toISOString(),
        ]);
        return json({ access_token: token, expires_in: TOKEN_SECONDS });
      }
      case 'POST /wxa/business/getuserphonenumber': {
        const [tok] = await this.db.query(`select 1 from wechat_sandbox_tokens where token = $1 and expires_at > $2`, [
          q('access_token') ?? '',
          this.now().toISOString(),
        ]);
        if (!tok) return wxError(WX_ERR.invalidToken, 'invalid credential, access_token is invalid or not latest');
        let code: string | null;
        try {
          const body = JSON.parse(req.body ?? '{}') as { code?: unknown };
          code = typeof body.code === 'string' ? body.code : null;
        } catch {
          return wxError(47001, 'data format error');
        }
        const r = await this.redeem('phone', this.apps.mpAppId, code);
        if ('status' in r) return r;
        const phone = r.phone ?? '';
        // phone_info: countryCode without "+", purePhoneNumber without it, phoneNumber as the user sees it.
        const m = /^\+(86|852|971|90|1|44)(\d+)$/.exec(phone) ?? /^\+(\d{1,3})(\d+)$/.exec(phone);
        const countryCode = m?.[1] ?? '86';
        const pure = m?.[2] ?? phone.replace(/\D/g, '');
        return json({
          errcode: 0,
          errmsg: 'ok',
          phone_info: {
            phoneNumber: countryCode === '86' ? pure : `+${countryCode}${pure}`,
            purePhoneNumber: pure,
            countryCode,
            watermark: { timestamp: Math.floor(this.now().getTime() / 1000), appid: this.apps.mpAppId },
          },
        });
      }
      case 'GET /sns/oauth2/access_token': {
        const bad = this.checkApp(q('appid'), q('secret'), 'web');
        if (bad) return bad;
        if (q('grant_type') !== 'authorization_code') return wxError(40002, 'invalid grant_type');
        const r = await this.redeem('oauth', this.apps.webAppId, q('code'));
        if ('status' in r) return r;
        const token = await this.mint(
          'sns_token',
          this.apps.webAppId,
          { openid: r.openid, unionid: r.unionid, nickname: r.nickname },
          TOKEN_SECONDS,
        );
        return json({
          access_token: token,
          expires_in: TOKEN_SECONDS,
          refresh_token: randomBytes(24).toString('base64url'),
          openid: r.openid,
          scope: 'snsapi_login',
          unionid: r.unionid,
        });
      }
      case 'GET /sns/userinfo': {
        const [row] = await this.db.query<CodeRow>(
          `select openid, unionid, nickname from wechat_sandbox_codes where code = $1 and kind = 'sns_token' and expires_at > $2`,
          [q('access_token') ?? '', this.now().toISOString()],
        );
        if (!row || row.openid !== q('openid')) return wxError(WX_ERR.invalidToken, 'invalid credential');
        return json({
          openid: row.openid,
          nickname: row.nickname,
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: '',
          privilege: [],
          unionid: row.unionid,
        });
      }
      default:
        return { status: 404, headers: {}, body: 'not found' };
    }
  }
}
