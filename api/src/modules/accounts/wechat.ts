import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isMobile,
  loginMpWxBody,
  loginMpWxMobileBody,
  loginMpWxMobileResult,
  loginMpWxResult,
  wechatAuthorizeQuery,
  wechatAuthorizeResult,
  wechatBindingResult,
  wechatSendCodeBody,
  wechatSendCodeResult,
  wechatUnbindResult,
  type LoginMpWxMobileBody,
  type LoginMpWxResult,
  type WechatBindingResult,
  type WechatSource,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError, rateLimited } from '../../http/errors.js';
import type { SqlRunner } from '../../db/index.js';
import { browserSession } from '../../security/session-cookie.js';
import { consumeStepUp } from '../../security/step-up.js';
import { hashToken, newToken } from '../../security/tokens.js';
import {
  SANDBOX_WECHAT_API,
  SANDBOX_WECHAT_OPEN,
  wechatSignIn,
  WechatError,
  WX_ERR,
  type WechatIdentity,
  type WechatSignIn,
} from '../../providers/wechat/index.js';
import { sandboxAuthorizePage } from './wechat-sandbox-page.js';
import type { AccountsService } from './service.js';
import { createSession } from './sessions.js';
import { insertUser } from './users.js';
import { sendSecurityNotice } from './security-notices.js';
import { codePepper, hashCode, newCode } from './codes.js';
import { translate } from '@cardwallet/shared';

const TICKET_SECONDS = 600;
/** Browser sign-in's SMS codes are 'bind' codes of this namespaced account: they never satisfy user/sumbitBind. */
const codeAccount = (mobile: string) => `wechat:${mobile}`;
const STATE_SECONDS = 600;

/** WeChat's errors as the customer reads them (never WeChat's own text). */
function wechatRefusal(e: unknown): BusinessError {
  if (e instanceof BusinessError) return e;
  if (e instanceof WechatError) {
    if (e.errcode === WX_ERR.invalidCode) return new BusinessError('wechat_code_invalid');
    if (e.errcode === WX_ERR.codeUsed) return new BusinessError('wechat_code_used');
    if (e.errcode === WX_ERR.codeExpired) return new BusinessError('wechat_code_expired');
  }
  return new BusinessError('wechat_unavailable');
}

type Person = WechatIdentity & { source: WechatSource };

/**
 * WeChat sign-in (issue 27, docs/wechat.md): passport/loginMpWx, passport/loginMpWxMobile,
 * passport/wechatAuthorize (the web authorisation page), user/wechat and user/wechat/unbind, and the
 * sandbox's stand-ins for WeChat's servers and authorisation page under /api/dev/wechat/.
 */
export async function registerWechatSignIn(base: FastifyInstance, accounts: AccountsService): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { signIn, sandbox } = wechatSignIn(base);
  const db = () => base.database.sql;
  const now = () => base.clock.now();
  const ok = <T>(request: FastifyRequest, data: T) => okEnvelope(request.locale, data);
  const need = (): WechatSignIn => {
    if (!signIn) throw new BusinessError('wechat_unavailable');
    return signIn;
  };
  const limit = async (request: FastifyRequest) => {
    const wait = await base.ipLimiter.hit(
      request,
      'wechat-login',
      base.config.limits.ipLoginMax,
      base.config.limits.ipWindowSeconds,
    );
    if (wait > 0) throw rateLimited('rate_limited', wait);
  };

  /** The customer bound to this WeChat person (by app + openid, or by unionid through the other app). */
  async function boundUser(tx: SqlRunner, p: WechatIdentity): Promise<number | undefined> {
    const [row] = await tx.query<{ user_id: number }>(
      `select user_id::float8 as user_id from wechat_identities
        where (app_id = $1 and openid = $2) or ($3::text is not null and unionid = $3::text)
        order by (app_id = $1 and openid = $2) desc limit 1`,
      [p.appId, p.openid, p.unionid],
    );
    return row ? Number(row.user_id) : undefined;
  }

  /** Binds `p` to `userId` (idempotent); refuses when either side is bound to someone else. */
  async function bind(tx: SqlRunner, userId: number, p: Person, at: Date): Promise<void> {
    // One binding decision at a time per WeChat person and per customer.
    await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`wechat:${p.unionid ?? `${p.appId}:${p.openid}`}`]);
    await tx.query(`select id from users where id = $1 for update`, [userId]);
    const owner = await boundUser(tx, p);
    if (owner !== undefined && owner !== userId) throw new BusinessError('wechat_already_bound');
    const [other] = await tx.query<{ unionid: string | null; openid: string; app_id: string }>(
      `select unionid, openid, app_id from wechat_identities where user_id = $1 limit 1`,
      [userId],
    );
    // A customer holds one WeChat person: another unionid (or another openid of an app without unionid) is refused.
    if (
      other &&
      !(p.unionid && other.unionid === p.unionid) &&
      !(other.app_id === p.appId && other.openid === p.openid)
    )
      throw new BusinessError('wechat_already_bound');
    await tx.query(
      `insert into wechat_identities (user_id, app_id, source, openid, unionid, nickname, bound_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (app_id, openid) do nothing`,
      [userId, p.appId, p.source, p.openid, p.unionid, p.nickname, at.toISOString()],
    );
  }

  async function identify(code: string, source: WechatSource, state: string | undefined): Promise<Person> {
    const client = need();
    if (source === 'web') {
      // The state proves the sign-in started on our page (OAuth CSRF): single use, 10 minutes.
      const [s] = state
        ? await db().query(
            `update wechat_oauth_states set used_at = $2 where state_hash = $1 and used_at is null and expires_at > $2 returning 1`,
            [hashToken(state), now().toISOString()],
          )
        : [];
      if (!s) throw new BusinessError('wechat_state_invalid');
    }
    try {
      if (source === 'mp') return { ...(await client.code2Session(code)), nickname: null, source };
      return { ...(await client.oauthIdentity(code)), source };
    } catch (e) {
      throw wechatRefusal(e);
    }
  }

  async function loginMpWx(
    request: FastifyRequest,
    form: { code: string; source: WechatSource; state?: string | undefined },
  ): Promise<LoginMpWxResult> {
    await limit(request);
    const person = await identify(form.code, form.source, form.state);
    const at = now();
    const signedIn = await db().transaction(async (tx) => {
      const userId = await boundUser(tx, person);
      if (userId === undefined) return undefined;
      const [u] = await tx.query<{ status: string }>(`select status from users where id = $1`, [userId]);
      if (u?.status !== 'active') throw new BusinessError('account_disabled');
      // The same person through the other app (same unionid): remember this openid too.
      await bind(tx, userId, person, at);
      return { token: await createSession(tx, request, userId, at), userId: String(userId) };
    });
    if (signedIn) return { status: 'signed_in', ...signedIn, nickname: person.nickname };
    const ticket = newToken();
    await db().query(
      `insert into wechat_login_tickets (ticket_hash, app_id, source, openid, unionid, nickname, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        hashToken(ticket),
        person.appId,
        person.source,
        person.openid,
        person.unionid,
        person.nickname,
        at.toISOString(),
        new Date(at.getTime() + TICKET_SECONDS * 1000).toISOString(),
      ],
    );
    return { status: 'mobile_required', ticket, expiresInSeconds: TICKET_SECONDS, nickname: person.nickname };
  }

  async function loginMpWxMobile(request: FastifyRequest, form: LoginMpWxMobileBody['form']) {
    await limit(request);
    const at = now();
    const ticketHash = hashToken(form.ticket.trim());
    const [t] = await db().query<{
      app_id: string;
      source: WechatSource;
      openid: string;
      unionid: string | null;
      nickname: string | null;
    }>(
      `select app_id, source, openid, unionid, nickname from wechat_login_tickets
        where ticket_hash = $1 and used_at is null and expires_at > $2`,
      [ticketHash, at.toISOString()],
    );
    if (!t) throw new BusinessError('wechat_ticket_invalid');
    const person: Person = {
      appId: t.app_id,
      source: t.source,
      openid: t.openid,
      unionid: t.unionid,
      nickname: t.nickname,
    };

    const effect = async (tx: SqlRunner, mobile: string) => {
      const [used] = await tx.query(
        `update wechat_login_tickets set used_at = $2 where ticket_hash = $1 and used_at is null and expires_at > $2 returning 1`,
        [ticketHash, at.toISOString()],
      );
      if (!used) throw new BusinessError('wechat_ticket_invalid');
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [mobile]);
      const [existing] = await tx.query<{ id: number; status: string }>(
        `select id::float8 as id, status from users where mobile = $1`,
        [mobile],
      );
      let userId: number;
      let created = false;
      if (existing) {
        if (existing.status !== 'active') throw new BusinessError('account_disabled');
        userId = Number(existing.id);
      } else {
        if (form.agree !== true) throw new BusinessError('wechat_agreement_required');
        let refereeId: number | null = null;
        if (form.refereeId) {
          const [ref] = await tx.query<{ id: number }>(
            `select id::float8 as id from users where (case when $1 ~ '^[0-9]{1,15}$' then id = $1::bigint else false end) or invite_code = upper($1) limit 1`,
            [form.refereeId],
          );
          if (!ref) throw new BusinessError('referee_not_found');
          refereeId = Number(ref.id);
        }
        // No password yet: an unguessable one; "forgot password" with the mobile sets a real one.
        userId = (await insertUser(tx, { mobile, password: newToken(), refereeId }, base.config.scryptN, at)).id;
        created = true;
      }
      await bind(tx, userId, person, at);
      return { token: await createSession(tx, request, userId, at), userId: String(userId), created, mobile };
    };

    if (form.phoneCode) {
      // The mini-program's getPhoneNumber: WeChat itself verified the mobile.
      let phone;
      try {
        phone = await need().phoneNumber(form.phoneCode);
      } catch (e) {
        throw wechatRefusal(e);
      }
      if (!isMobile(phone.e164)) throw new BusinessError('wechat_code_invalid');
      return db().transaction((tx) => effect(tx, phone.e164));
    }
    // A browser: the SMS code of passport/wechatSendCode, consumed in the same transaction.
    const mobile = form.mobile!;
    return (await accounts.withCode(codeAccount(mobile), 'bind', form.code!, (tx) => effect(tx, mobile)))!;
  }

  /** An SMS code for the browser's mobile step: only with a live ticket; same cooldowns as user/sendCode. */
  async function sendCode(request: FastifyRequest, form: { ticket: string; mobile: string }) {
    const wait = await base.ipLimiter.hit(
      request,
      'send-code',
      base.config.limits.ipSendCodeMax,
      base.config.limits.ipWindowSeconds,
    );
    if (wait > 0) throw rateLimited('rate_limited', wait);
    const at = now();
    const [live] = await db().query(
      `select 1 from wechat_login_tickets where ticket_hash = $1 and used_at is null and expires_at > $2`,
      [hashToken(form.ticket.trim()), at.toISOString()],
    );
    if (!live) throw new BusinessError('wechat_ticket_invalid');
    const limits = base.config.limits;
    const account = codeAccount(form.mobile);
    const code = newCode();
    const pepper = await codePepper(db(), base.database);
    const [row] = await db().transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [account]);
      const [last] = await tx.query<{ created_at: Date | string }>(
        `select created_at from verification_codes where account = $1 and purpose = 'bind' order by created_at desc limit 1`,
        [account],
      );
      if (last) {
        const left = limits.codeResendSeconds - (at.getTime() - new Date(last.created_at).getTime()) / 1000;
        if (left > 0) throw rateLimited('code_resend_cooldown', left);
      }
      const [hour] = await tx.query<{ n: number }>(
        `select count(*)::int as n from verification_codes where account = $1 and created_at > $2`,
        [account, new Date(at.getTime() - 3600_000).toISOString()],
      );
      if (hour && hour.n >= limits.codeMaxPerHour) throw rateLimited('rate_limited', 3600);
      await tx.query(
        `update verification_codes set burnt_at = $2 where account = $1 and purpose = 'bind' and consumed_at is null and burnt_at is null`,
        [account, at.toISOString()],
      );
      return tx.query<{ id: string }>(
        `insert into verification_codes (account, purpose, channel, code_hash, created_at, expires_at)
         values ($1, 'bind', 'sms', $2, $3, $4) returning id::text as id`,
        [
          account,
          hashCode(pepper, account, 'bind', code),
          at.toISOString(),
          new Date(at.getTime() + limits.codeTtlSeconds * 1000).toISOString(),
        ],
      );
    });
    try {
      await base.messaging.send({
        channel: 'sms',
        to: form.mobile,
        subject: translate(request.locale, 'messages.codeSubject'),
        body: translate(request.locale, 'messages.codeBody', { code, minutes: Math.round(limits.codeTtlSeconds / 60) }),
      });
    } catch {
      await db().query(`delete from verification_codes where id = $1::bigint`, [row!.id]);
      throw new BusinessError('code_delivery_failed');
    }
    return { resendAfterSeconds: limits.codeResendSeconds, expiresInSeconds: limits.codeTtlSeconds };
  }

  app.post(
    '/passport/loginMpWx',
    {
      schema: {
        tags: ['user'],
        summary:
          'Sign in with WeChat: { form: { code, source: mp (wx.login code) | web (OAuth code + state) } }; a bound WeChat signs in, else a 10-minute ticket for passport/loginMpWxMobile',
        body: loginMpWxBody,
        response: { 200: envelope(loginMpWxResult) },
      },
    },
    async (request, reply) => {
      const result = await loginMpWx(request, request.body.form);
      if (result.status === 'signed_in')
        return ok(request, {
          ...result,
          ...browserSession(request, reply, { token: result.token!, userId: result.userId! }),
        });
      return ok(request, result);
    },
  );

  app.post(
    '/passport/loginMpWxMobile',
    {
      schema: {
        tags: ['user'],
        summary:
          'Bind the WeChat of a loginMpWx ticket to the account of a verified mobile (created if new, with the agreement): { form: { ticket, phoneCode } } (mini-program getPhoneNumber) or { form: { ticket, mobile, code } } (SMS code of purpose wechat_bind)',
        body: loginMpWxMobileBody,
        response: { 200: envelope(loginMpWxMobileResult) },
      },
    },
    async (request, reply) => {
      const result = await loginMpWxMobile(request, request.body.form);
      return ok(request, browserSession(request, reply, result));
    },
  );

  app.post(
    '/passport/wechatSendCode',
    {
      schema: {
        tags: ['user'],
        summary:
          'Browser WeChat sign-in: an SMS code to the mobile to bind ({ form: { ticket, mobile } }, the loginMpWx ticket must be live); used by passport/loginMpWxMobile',
        body: wechatSendCodeBody,
        response: { 200: envelope(wechatSendCodeResult) },
      },
    },
    async (request) => ok(request, await sendCode(request, request.body.form)),
  );

  app.get(
    '/passport/wechatAuthorize',
    {
      schema: {
        tags: ['user'],
        summary:
          "WeChat's authorisation page for a browser sign-in (snsapi_login QR page / snsapi_userinfo), with a single-use 10-minute state; WeChat redirects back to redirectPath with code and state",
        querystring: wechatAuthorizeQuery,
        response: { 200: envelope(wechatAuthorizeResult) },
      },
    },
    async (request) => {
      const client = need();
      await limit(request);
      const state = newToken().slice(0, 32);
      const at = now();
      await db().query(`insert into wechat_oauth_states (state_hash, created_at, expires_at) values ($1, $2, $3)`, [
        hashToken(state),
        at.toISOString(),
        new Date(at.getTime() + STATE_SECONDS * 1000).toISOString(),
      ]);
      const origin = base.config.wechatRedirectOrigin;
      const url = client.authorizeUrl({
        redirectUri: `${origin}${request.query.redirectPath}`,
        state,
        scope: request.query.scope,
      });
      return ok(request, { url, state, expiresInSeconds: STATE_SECONDS });
    },
  );

  const user = { tags: ['user'], security: [{ accessToken: [] }] };
  app.get(
    '/user/wechat',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'The WeChat bound to this account, if any',
        response: { 200: envelope(wechatBindingResult) },
      },
    },
    async (request) => {
      const rows = await db().query<{ nickname: string | null; bound_at: Date | string; source: WechatSource }>(
        `select nickname, bound_at, source from wechat_identities where user_id = $1 order by bound_at`,
        [request.user!.id],
      );
      const result: WechatBindingResult = {
        bound: rows.length > 0,
        nickname: rows.find((r) => r.nickname)?.nickname ?? null,
        boundAt: rows[0] ? new Date(rows[0].bound_at).toISOString() : null,
        sources: [...new Set(rows.map((r) => r.source))],
      };
      return ok(request, result);
    },
  );

  app.post(
    '/user/wechat/unbind',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary:
          "Remove the bound WeChat; needs a step-up grant 'wechat_unbind' (user/stepUp). The bound channels are told",
        body: z.object({}).optional(),
        response: { 200: envelope(wechatUnbindResult) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const removed = await db().transaction(async (tx) => {
        const [any] = await tx.query(`select 1 from wechat_identities where user_id = $1 limit 1`, [userId]);
        if (!any) throw new BusinessError('wechat_not_bound');
        await consumeStepUp(tx, userId, 'wechat_unbind', now());
        const rows = await tx.query<{ nickname: string | null }>(
          `delete from wechat_identities where user_id = $1 returning nickname`,
          [userId],
        );
        const [u] = await tx.query<{ email: string | null; mobile: string | null }>(
          `select email, mobile from users where id = $1`,
          [userId],
        );
        return { n: rows.length, name: rows.find((r) => r.nickname)?.nickname ?? 'WeChat', to: [u?.email, u?.mobile] };
      });
      // Every bound channel hears of it (a stolen session could otherwise remove it quietly).
      await sendSecurityNotice(base, removed.to, request.locale, 'messages.wechatUnboundBody', { name: removed.name });
      return ok(request, { removed: removed.n });
    },
  );

  if (!sandbox) return;

  // ---- The sandbox's WeChat (absent outside sandbox mode) ------------------------------------
  // WeChat's servers: a wildcard, answered in WeChat's own shapes (left out of OpenAPI and the fuzz test).
  base.all(`${SANDBOX_WECHAT_API.replace('/api', '')}/*`, { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.slice(SANDBOX_WECHAT_API.length);
    const res = await sandbox.handle({
      method: request.method === 'POST' ? 'POST' : 'GET',
      url,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    return reply.code(res.status).headers(res.headers).send(res.body);
  });

  // WeChat's authorisation page and its "Allow" (GET forms: no script, CSP-clean).
  const open = SANDBOX_WECHAT_OPEN.replace('/api', '');
  base.get(`${open}/*`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sandbox');
    const q = (k: string) => url.searchParams.get(k) ?? '';
    const path = url.pathname.slice(SANDBOX_WECHAT_OPEN.length);
    const redirect = q('redirect_uri');
    // Like WeChat, only the registered domain: here a path of this site.
    const redirectOk = /^\/[A-Za-z0-9_/-]{1,200}$/.test(redirect);
    if (q('appid') !== signIn!.webAppId || !redirectOk || q('response_type') !== 'code')
      return reply.code(400).type('text/plain; charset=utf-8').send('redirect_uri or appid not accepted (10003)');
    if (path === '/connect/qrconnect' || path === '/connect/oauth2/authorize') {
      return reply.type('text/html; charset=utf-8').send(
        sandboxAuthorizePage(request.locale, {
          action: `${SANDBOX_WECHAT_OPEN}/connect/confirm`,
          query: url.searchParams,
        }),
      );
    }
    if (path === '/connect/confirm') {
      const back = new URLSearchParams({ state: q('state') });
      if (q('decision') === 'allow') {
        const name = q('name').trim().slice(0, 32) || 'Sandbox WeChat user';
        back.set('code', await sandbox.mintOauthCode(name));
      }
      return reply.redirect(`${redirect}?${back}`, 302);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('not found');
  });

  // What a phone's WeChat would hand the mini-program: a wx.login code and a getPhoneNumber code.
  app.post(
    '/dev/wechat/jsCode',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox: the wx.login code of the sandbox WeChat user `name` (5 minutes, single use)',
        body: z.object({ name: z.string().trim().min(1).max(32) }),
        response: { 200: envelope(z.object({ code: z.string() })) },
      },
    },
    async (request) => ok(request, { code: await sandbox.mintJsCode(request.body.name) }),
  );
  app.post(
    '/dev/wechat/phoneCode',
    {
      schema: {
        tags: ['dev'],
        summary:
          "Sandbox: the getPhoneNumber button's code for a mobile the WeChat user shares (5 minutes, single use)",
        body: z.object({ mobile: z.string().trim().refine(isMobile, 'validation.mobile') }),
        response: { 200: envelope(z.object({ code: z.string() })) },
      },
    },
    async (request) => ok(request, { code: await sandbox.mintPhoneCode(request.body.mobile) }),
  );
}
