import type { FastifyInstance } from 'fastify';
import { httpsTransport, WechatClient } from './client';
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
export function wechatSignIn(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): WechatSelection {
  const cached = byApp.get(app.database);
  if (cached) return cached;
  const now = () => app.clock.now();
  const choice = env.WECHAT ?? (app.config.sandbox ? 'sandbox' : 'none');
  let selection: WechatSelection = { signIn: null, sandbox: null };
  if (choice === 'sandbox' && app.config.sandbox) {
    const apps = {
      mpAppId: env.WECHAT_MP_APP_ID || SANDBOX_WECHAT.mpAppId,
      mpSecret: env.WECHAT_MP_SECRET || SANDBOX_WECHAT.mpSecret,
      webAppId: env.WECHAT_WEB_APP_ID || SANDBOX_WECHAT.webAppId,
      webSecret: env.WECHAT_WEB_SECRET || SANDBOX_WECHAT.webSecret,
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
    env.WECHAT_MP_APP_ID &&
    env.WECHAT_MP_SECRET &&
    env.WECHAT_WEB_APP_ID &&
    env.WECHAT_WEB_SECRET
  ) {
    const timeout = Number.parseInt(env.WECHAT_TIMEOUT_MS ?? '5000', 10);
    selection = {
      sandbox: null,
      signIn: new WechatClient('live', {
        mpAppId: env.WECHAT_MP_APP_ID,
        mpSecret: env.WECHAT_MP_SECRET,
        webAppId: env.WECHAT_WEB_APP_ID,
        webSecret: env.WECHAT_WEB_SECRET,
        transport: httpsTransport(
          'https://api.weixin.qq.com',
          Number.isFinite(timeout) && timeout > 0 ? timeout : 5000,
        ),
        openBase: 'https://open.weixin.qq.com',
        now,
      }),
    };
  }
  byApp.set(app.database, selection);
  return selection;
}
