import type { FastifyInstance } from 'fastify';
import { httpsTransport, WechatClient } from './client';
import { liveKeys, sandboxKeys, WechatPayClient } from './pay';
import { SandboxWechatPayServer } from './pay-sandbox';
import { SANDBOX_WECHAT, SandboxWechatServer } from './sandbox';
import type { Transport, WechatSignIn } from './types';

export * from './types';
export { SANDBOX_WECHAT, SandboxWechatServer } from './sandbox';

/** The sandbox's WeChat server routes (a wildcard: the fuzz test and OpenAPI leave them out). */
export const SANDBOX_WECHAT_API = '/api/dev/wechat/api';
/** The sandbox's authorisation page (production: https://open.weixin.qq.com). */
export const SANDBOX_WECHAT_OPEN = '/api/dev/wechat/open';

export interface WechatSelection {
  signIn: WechatSignIn | null;
  sandbox: SandboxWechatServer | null;
}

const byApp = new WeakMap<object, WechatSelection>();

/** Carries a request to this API's own sandbox routes, as HTTP would (headers and raw body). */
export function injectTransport(app: FastifyInstance, prefix: string): Transport {
  return async (req) => {
    const res = await app.inject({
      method: req.method,
      url: `${prefix}${req.url}`,
      headers: req.headers ?? {},
      ...(req.body !== undefined ? { payload: req.body } : {}),
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
    return { status: res.statusCode, headers, body: res.body };
  };
}

/**
 * WeChat sign-in by configuration (docs/wechat.md): WECHAT=sandbox (the default in sandbox mode)
 * or WECHAT=live with WECHAT_MP_APP_ID / WECHAT_MP_SECRET (mini-program) and WECHAT_WEB_APP_ID /
 * WECHAT_WEB_SECRET (website application); WECHAT_TIMEOUT_MS (default 5000). Without them WeChat
 * sign-in answers wechat_unavailable. One selection per app (both modules share it).
 */
export function wechatSignIn(app: FastifyInstance): WechatSelection {
  const cached = byApp.get(app.database);
  if (cached) return cached;
  const now = () => app.clock.now();
  const wechat = app.config.wechat;
  const choice = wechat.signIn ?? (app.config.sandbox ? 'sandbox' : 'none');
  let selection: WechatSelection = { signIn: null, sandbox: null };
  if (choice === 'sandbox' && app.config.sandbox) {
    const apps = {
      mpAppId: wechat.apps.mpAppId || SANDBOX_WECHAT.mpAppId,
      mpSecret: wechat.apps.mpSecret || SANDBOX_WECHAT.mpSecret,
      webAppId: wechat.apps.webAppId || SANDBOX_WECHAT.webAppId,
      webSecret: wechat.apps.webSecret || SANDBOX_WECHAT.webSecret,
    };
    const sandbox = new SandboxWechatServer(app.database.sql, now, apps);
    selection = {
      sandbox,
      signIn: new WechatClient('sandbox', {
        ...apps,
        transport: injectTransport(app, SANDBOX_WECHAT_API),
        openBase: SANDBOX_WECHAT_OPEN,
        now,
      }),
    };
  } else if (
    choice === 'live' &&
    wechat.apps.mpAppId &&
    wechat.apps.mpSecret &&
    wechat.apps.webAppId &&
    wechat.apps.webSecret
  ) {
    selection = {
      sandbox: null,
      signIn: new WechatClient('live', {
        mpAppId: wechat.apps.mpAppId,
        mpSecret: wechat.apps.mpSecret,
        webAppId: wechat.apps.webAppId,
        webSecret: wechat.apps.webSecret,
        transport: httpsTransport('https://api.weixin.qq.com', wechat.timeoutMs),
        openBase: 'https://open.weixin.qq.com',
        now,
      }),
    };
  }
  byApp.set(app.database, selection);
  return selection;
}

// ---------------------------------------------------------------- WeChat Pay

export { WechatPayClient, WechatPayError } from './pay';
export { SandboxWechatPayServer } from './pay-sandbox';

/** The sandbox's WeChat Pay server routes (a wildcard) and its cashier page. */
export const SANDBOX_WECHATPAY_API = '/api/dev/wechatpay/api';
export const SANDBOX_WECHATPAY_CASHIER = '/api/dev/wechatpay/cashier';
/** Where the sandbox delivers notifications (production: WECHATPAY_NOTIFY_URL, an https URL of this route). */
export const WECHATPAY_NOTIFY_PATH = '/api/card/wechatPay/notify';

export interface WechatPaySelection {
  pay: WechatPayClient | null;
  sandbox: SandboxWechatPayServer | null;
}
const payByApp = new WeakMap<object, Promise<WechatPaySelection>>();

/**
 * WeChat Pay by configuration (docs/wechat.md): WECHATPAY=sandbox (default in sandbox mode; keys
 * generated at the first start and kept in the database) or WECHATPAY=live with the WECHATPAY_*
 * keys (see pay.ts liveKeys) and WECHATPAY_NOTIFY_URL. Otherwise WeChat Pay is unavailable.
 */
export function wechatPay(app: FastifyInstance): Promise<WechatPaySelection> {
  let p = payByApp.get(app.database);
  if (!p) {
    p = (async (): Promise<WechatPaySelection> => {
      const now = () => app.clock.now();
      const wechat = app.config.wechat;
      const choice = wechat.pay ?? (app.config.sandbox ? 'sandbox' : 'none');
      if (choice === 'sandbox' && app.config.sandbox) {
        const keys = await sandboxKeys(app.database.sql, wechat.apps.mpAppId || SANDBOX_WECHAT.mpAppId);
        const sandbox = new SandboxWechatPayServer(app.database.sql, keys, now, async (url, headers, body) => {
          const res = await app.inject({ method: 'POST', url, headers, payload: body });
          return res.statusCode === 200 && (JSON.parse(res.body) as { code?: number }).code === 200;
        });
        const pay = new WechatPayClient('sandbox', {
          transport: injectTransport(app, SANDBOX_WECHATPAY_API),
          keys,
          notifyUrl: WECHATPAY_NOTIFY_PATH,
          now,
        });
        return { pay, sandbox };
      }
      const keys = choice === 'live' ? liveKeys(wechat.payKeys) : null;
      if (!keys || !wechat.payNotifyUrl) return { pay: null, sandbox: null };
      return {
        sandbox: null,
        pay: new WechatPayClient('live', {
          transport: httpsTransport('https://api.mch.weixin.qq.com', wechat.payTimeoutMs),
          keys,
          notifyUrl: wechat.payNotifyUrl,
          now,
        }),
      };
    })();
    p.catch(() => payByApp.delete(app.database));
    payByApp.set(app.database, p);
  }
  return p;
}
