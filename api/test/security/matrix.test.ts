import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { files, multipart, png } from '../kyc/support';
import { PAY_PASSWORD, activeCard, ensurePayPassword, key } from '../cards/support';

/**
 * The route × caller security matrix, generated from the OpenAPI document the server serves: every
 * operation is called as anonymous, with a revoked customer token, with an admin token on customer
 * routes, with a customer token on admin routes and with a deploy token (of another app, and
 * revoked) — and each answer is checked against the access the operation declares (`security`,
 * from the route's `config.auth`). Calls carry an empty body: access is decided before the body is
 * read (onRequest), so a refusal must come first whatever the body.
 *
 * A route that is public only because it declares nothing fails here unless it is listed below.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/user/sendCode',
  'POST /api/user/cacheCodeCheck',
  'POST /api/user/register',
  'POST /api/user/login',
  'GET /api/user/getRegisterData',
  'POST /api/user/resetPassword',
  'GET /api/user/inviter',
  'POST /api/user/adminLogin',
  'GET /api/card/products',
  'POST /api/card/webhook',
  // The issuer's dispute webhook (issue 23): signed like card/webhook.
  'POST /api/card/dispute/webhook',
  'GET /api/content/articles',
  'GET /api/content/article',
  'GET /api/content/about',
  'GET /api/content/agreement',
  'POST /api/kyc/webhook',
  'GET /api/notifications/stream',
  'GET /api/system/health',
  'GET /api/app/version',
  'GET /api/wallet/currencies',
  // Passkey sign-in: public like user/login.
  'POST /api/passkey/loginOptions',
  'POST /api/passkey/login',
  // Deploy routes: public to the auth hook, guarded by their own deploy-token check (declared in the document).
  'POST /api/releases/{app}',
  'GET /api/releases/{app}',
  'POST /api/releases/{app}/promote',
  'POST /api/releases/{app}/rollback',
  'GET /api/releases/{app}/audit',
  // A team's automatic rollouts (issue 25): the same deploy-token check as the routes above.
  'POST /api/releases/{app}/rollout',
  'GET /api/releases/{app}/rollout',
  'POST /api/releases/{app}/rollout/pause',
  'POST /api/releases/{app}/rollout/resume',
  'POST /api/releases/{app}/rollout/candidate',
  // The release console for one team (its deploy token) — same check.
  'GET /api/releases/{app}/overview',
  // Browser telemetry (issue 25): anonymous by design, per-IP rate-limited, size-limited, strict schema.
  'POST /api/telemetry',
  // Its ticket (issue 43): anonymous like the batches, per-IP limited, signed and short-lived.
  'POST /api/telemetry/ticket',
  // WeChat sign-in (issue 27): public like user/login — a WeChat code, a single-use hashed ticket or state.
  'POST /api/passport/loginMpWx',
  'POST /api/passport/loginMpWxMobile',
  'POST /api/passport/wechatSendCode',
  'GET /api/passport/wechatAuthorize',
  // WeChat Pay's notification: called by WeChat, verified by the platform signature and decrypted (docs/wechat.md).
  'POST /api/card/wechatPay/notify',
]);
// Sandbox-only controls and the sandbox verification provider's own pages (never registered in
// production; test/foundation/conventions.test.ts), which stand in for a third party.
// The sandbox's stand-ins for WeChat's own servers, authorisation page and cashier (docs/wechat.md):
// WeChat's API surface, not ours, so not in our document (like the KYC provider's pages).
const isThirdPartyStandIn = (url: string) => /^\/api\/dev\/wechat(pay)?\/(api|open|cashier)\//.test(url);
// The sandbox's Nominatim-compatible geocoder and tile server (docs/places.md), likewise.
const isGeoStandIn = (url: string) => url.startsWith('/api/dev/geo/');
const isSandboxControl = (url: string) => url.startsWith('/api/dev/') || url.includes('/sandbox-provider/');

type Op = { method: string; url: string; security: Record<string, unknown>[] };

/**
 * Whether an answer shows `secret`: long values (uuids, e-mail, remark) anywhere in the body; short
 * numeric ids (a "4" is in every body) only as the value of an id field (`id`, `cardId`, …).
 */
function shows(body: string, secret: string): boolean {
  if (secret.length >= 8) return body.includes(secret);
  let found = false;
  try {
    JSON.parse(body, (k, v) => {
      if (/id$/i.test(k) && String(v) === secret) found = true;
      return v;
    });
  } catch {
    return body.includes(secret);
  }
  return found;
}

describe('security matrix from the OpenAPI document (pglite)', () => {
  let t: TestApp;
  let ops: Op[] = [];
  const tokens = {} as Record<
    'revokedCustomer' | 'admin' | 'revokedAdmin' | 'customer' | 'passportDeploy' | 'revokedDeploy',
    string
  >;

  beforeAll(async () => {
    t = await createTestApp('pglite', { IP_LOGIN_MAX: '100000', IP_SEND_CODE_MAX: '100000', IP_INVITER_MAX: '100000' });
    const doc = JSON.parse((await t.inject({ method: 'GET', url: '/api/docs/json' })).body) as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    ops = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        url,
        security: op.security ?? [],
      })),
    );
    const revoked = await t.createUser();
    await t.post('user/logout', {}, { token: revoked.token });
    tokens.revokedCustomer = revoked.token;
    tokens.customer = (await t.createUser()).token;
    tokens.admin = (await t.createAdmin()).token;
    const gone = await t.createAdmin();
    await t.post('admin/session/logout', {}, { token: gone.token });
    tokens.revokedAdmin = gone.token;
    const minted = await t.post(
      'admin/releases/tokens',
      { app: 'mf_passport', label: 'matrix' },
      { token: tokens.admin },
    );
    tokens.passportDeploy = minted.data.token;
    const other = await t.post(
      'admin/releases/tokens',
      { app: 'mf_card', label: 'matrix revoked' },
      { token: tokens.admin },
    );
    await t.post('admin/releases/tokens/revoke', { id: other.data.id }, { token: tokens.admin });
    tokens.revokedDeploy = other.data.token;
  });
  afterAll(async () => t?.close());

  const urlOf = (url: string) => url.replace('{app}', 'mf_card').replace(/\{[^}]+\}/g, '1');
  const call = async (op: Op, token?: string) => {
    const headers: Record<string, string> = token ? { 'access-token': token } : {};
    const res = await t.inject({
      method: op.method as 'GET',
      url: urlOf(op.url),
      headers,
      ...(op.method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode, `${op.method} ${op.url}`).toBe(200);
    return JSON.parse(res.body) as { code: number; key?: string };
  };

  it('the document lists every route the server answers (nothing undocumented)', () => {
    const documented = new Set(ops.map((o) => `${o.method} ${o.url}`));
    const served = t.app.routeList
      .filter(
        (r) =>
          r.url.startsWith('/api/') &&
          !r.url.startsWith('/api/docs') &&
          r.method !== 'OPTIONS' &&
          !r.url.includes('/sandbox-provider/') &&
          !isThirdPartyStandIn(r.url) &&
          !isGeoStandIn(r.url),
      )
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
    expect(ops.length).toBeGreaterThan(100);
  });

  it('no route is public by omission: every public route is on the reviewed list', () => {
    const publicByDefault = t.app.routeList
      .filter(
        (r) =>
          r.auth === 'public' &&
          r.url.startsWith('/api/') &&
          !r.url.startsWith('/api/docs') &&
          r.method !== 'OPTIONS' &&
          !isSandboxControl(r.url),
      )
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((r) => !PUBLIC_ROUTES.has(r));
    // Declare `config: { auth: 'user' | 'admin' }` on the route, or review it and add it above.
    expect(publicByDefault).toEqual([]);
  });

  it('a forged Host (DNS rebinding) is refused with 421 on every operation, even with valid customer and admin tokens', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      for (const token of [undefined, tokens.customer, tokens.admin]) {
        const res = await t.inject({
          method: op.method as 'GET',
          url: urlOf(op.url),
          headers: { host: 'rebind.attacker.test:8080', ...(token ? { 'access-token': token } : {}) },
          ...(op.method === 'GET' ? {} : { payload: {} }),
        });
        const key = res.statusCode === 421 ? (JSON.parse(res.body) as { key?: string }).key : undefined;
        if (key !== 'host_not_allowed') failures.push(`${op.method} ${op.url} → HTTP ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('customer routes: anonymous, revoked, admin and deploy tokens → 401', async () => {
    const failures: string[] = [];
    for (const op of ops.filter(
      (o) => o.security.some((s) => 'accessToken' in s) && !o.url.startsWith('/api/releases/'),
    )) {
      for (const [who, token] of [
        ['anonymous', undefined],
        ['revoked customer', tokens.revokedCustomer],
        ['admin', tokens.admin],
        ['deploy token', tokens.passportDeploy],
      ] as const) {
        const res = await call(op, token);
        if (res.code !== 401) failures.push(`${who} ${op.method} ${op.url} → ${res.code} ${res.key ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('admin routes: anonymous, revoked admin, deploy token → 401; a customer → 403 admin_only', async () => {
    const failures: string[] = [];
    const admin = ops.filter((o) => o.security.some((s) => 'adminToken' in s));
    expect(admin.length).toBeGreaterThan(10);
    for (const op of admin) {
      for (const [who, token] of [
        ['anonymous', undefined],
        ['revoked admin', tokens.revokedAdmin],
        ['deploy token', tokens.passportDeploy],
        ['revoked deploy token', tokens.revokedDeploy],
      ] as const) {
        const res = await call(op, token);
        if (res.code !== 401) failures.push(`${who} ${op.method} ${op.url} → ${res.code} ${res.key ?? ''}`);
      }
      const customer = await call(op, tokens.customer);
      if (customer.code !== 403 || customer.key !== 'admin_only')
        failures.push(`customer ${op.method} ${op.url} → ${customer.code} ${customer.key ?? ''}`);
    }
    expect(failures).toEqual([]);
  });

  it("deploy routes: another app's token → 403, revoked/customer/anonymous → refused; the right caller passes the check", async () => {
    const failures: string[] = [];
    const deploy = ops.filter((o) => o.url.startsWith('/api/releases/'));
    expect(deploy.length).toBe(11);
    for (const op of deploy) {
      const other = await call(op, tokens.passportDeploy); // a passport token on mf_card
      if (other.code !== 403) failures.push(`passport token ${op.method} ${op.url} → ${other.code}`);
      for (const [who, token] of [
        ['anonymous', undefined],
        ['revoked deploy token', tokens.revokedDeploy],
        ['customer', tokens.customer],
      ] as const) {
        const res = await call(op, token);
        if (res.code !== 401 && res.code !== 403) failures.push(`${who} ${op.method} ${op.url} → ${res.code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("another customer with the first customer's object ids: no answer shows them, nothing of theirs changes", async () => {
    // The owner holds one object of every kind a route takes by id: an active card (and its
    // activation), a pending crypto withdrawal, an address-book entry, an uploaded image, messages.
    const { u: a, cardId, activationId } = await activeCard(t);
    const secretsOfMessages: string[] = [];
    await ensurePayPassword(t, a.token);
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: a.token });
    await t.post('dev/chain/deposit', { address: addr.data.address, currency: 'USDT', network: 'TRC20', amount: '50' });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
    const withdrawal = await t.post(
      'wallet/withdraw',
      {
        currency: 'USDT',
        network: 'TRC20',
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        amount: '10',
        payPassword: PAY_PASSWORD,
      },
      { token: a.token, headers: { 'idempotency-key': key() } },
    );
    expect(withdrawal.code, withdrawal.msg).toBe(200);
    const withdrawalId = withdrawal.data.id as string;
    const { payload, headers } = multipart(files(png()));
    const up = JSON.parse(
      (
        await t.inject({
          method: 'POST',
          url: '/api/upload/image',
          payload,
          headers: { ...headers, 'access-token': a.token },
        })
      ).body,
    );
    const imageId = up.data.files[0].id as string;
    const address = await t.post(
      'wallet/addAddress',
      { currency: 'USDT', network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', remark: 'owner-remark-x9' },
      { token: a.token },
    );
    const addressId = address.data.id as string;
    await t.app.events.drain('notifications'); // the deposits', the card's and the withdrawal's messages
    const messages = (await t.get('notifications/messages', {}, { token: a.token })).data.data as Array<{ id: string }>;
    expect(messages.length).toBeGreaterThan(0);
    const messageId = String(messages[0]!.id);
    secretsOfMessages.push(messageId);
    const owned = async () => ({
      card: (await t.get('card/detail', { cardId }, { token: a.token })).data,
      withdrawal: (
        await t.database.sql.query(`select status from wallet_withdrawals where id = $1`, [withdrawalId])
      )[0],
      addresses: (await t.get('wallet/addresses', {}, { token: a.token })).data.addresses.length,
      unread: (await t.get('notifications/unreadCount', {}, { token: a.token })).data,
    });
    const before = await owned();

    const secrets = [
      cardId,
      activationId,
      withdrawalId,
      imageId,
      addressId,
      a.account,
      'owner-remark-x9',
      ...secretsOfMessages,
    ];
    const leaks: string[] = [];
    // `id` means a different object on each route: every route is tried with each kind of the owner's ids.
    for (const id of [addressId, withdrawalId, messageId, activationId]) {
      for (const op of ops.filter((o) => o.security.some((s) => 'accessToken' in s) && !o.url.endsWith('/stream'))) {
        const b = await t.createUser(); // fresh: some routes end the session they are called with
        const url = op.url.replace(/\{[^}]+\}/g, imageId);
        const ids = { id, cardId, withdrawalId, messageId, imageId, addressId, userId: a.userId };
        const res = await t.inject({
          method: op.method as 'GET',
          url,
          headers: { 'access-token': b.token, 'idempotency-key': key() },
          ...(op.method === 'GET' ? { query: ids } : { payload: ids }),
        });
        for (const secret of secrets) if (shows(res.body, secret)) leaks.push(`${op.method} ${op.url} shows ${secret}`);
        // Anything but the JSON envelope is content (the owner's image bytes).
        if (!String(res.headers['content-type']).startsWith('application/json'))
          leaks.push(`${op.method} ${op.url} answered ${res.headers['content-type']}`);
      }
    }
    expect(leaks).toEqual([]);
    // The detector works: the owner does get the file (not JSON) on the same call.
    const own = await t.inject({
      method: 'GET',
      url: `/api/upload/image/${imageId}`,
      headers: { 'access-token': a.token },
    });
    expect(String(own.headers['content-type'])).not.toMatch(/^application\/json/);
    // The owner's objects are untouched: the card (status, balance), the withdrawal, the address book, the messages.
    expect(await owned()).toEqual(before);
    expect(before.withdrawal).toEqual({ status: 'pending' });
    // The detector finds a short numeric id in an answer that does show it (the owner's own card and message; opening marks it read, so last).
    expect(shows(JSON.stringify(await t.get('card/detail', { cardId }, { token: a.token })), cardId)).toBe(true);
    expect(
      shows(JSON.stringify(await t.get('notifications/message', { id: messageId }, { token: a.token })), messageId),
    ).toBe(true);
    // Every customer route × 4 ids with a fresh customer each: ~30 s on a loaded 2-core machine, more with each new route.
  }, 120_000);

  it('callers with the declared access get past the access check (and no internal error)', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      if (op.url.endsWith('/stream') || op.url.startsWith('/api/releases/')) continue; // SSE holds the connection; deploy routes above
      const isAdmin = op.security.some((s) => 'adminToken' in s);
      const isCustomer = op.security.some((s) => 'accessToken' in s);
      if (!isAdmin && !isCustomer) continue;
      // A fresh caller per route: some routes (logout) end the session they are called with.
      const token = isAdmin ? (await t.createAdmin()).token : (await t.createUser()).token;
      const res = await call(op, token);
      if (res.key === 'unauthenticated' || res.key === 'admin_only' || res.key === 'internal_error')
        failures.push(`${op.method} ${op.url} → ${res.code} ${res.key ?? ''}`);
    }
    expect(failures).toEqual([]);
  });
});
