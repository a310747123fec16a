import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { assertion, enrolPasskey } from '../support/passkey-authenticator';

/**
 * Issue 22: the browser session is an HttpOnly cookie (security/session-cookie.ts), never a token a
 * script can read. The app's client (X-Requested-With: XMLHttpRequest) gets the cookie and an empty
 * token; API clients keep the Bearer token. A state-changing request authenticated by the cookie
 * needs the app's header (CSRF); logout revokes the session and clears the cookie.
 */
const APP = { 'x-requested-with': 'XMLHttpRequest' };

describe.each(testDrivers())('browser session cookie on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cookieOf = (setCookie: string | string[] | undefined) => {
    const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    expect(line, 'a Set-Cookie header').toBeDefined();
    return { line: line!, value: /^cw_session=([^;]*)/.exec(line!)?.[1] ?? null };
  };
  const call = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, payload?: unknown) =>
    t.inject({
      method,
      url: `/api/${path}`,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const body = (res: { body: string }) =>
    JSON.parse(res.body) as { code: number; key?: string; data: Record<string, unknown> };
  const browserLogin = async (headers: Record<string, string> = {}) => {
    const u = await t.createUser();
    const res = await call('POST', 'user/login', { ...APP, ...headers }, { account: u.account, password: u.password });
    expect(body(res).code, res.body).toBe(200);
    return { u, res, cookie: cookieOf(res.headers['set-cookie']) };
  };

  it('a sign-in from the app sets an HttpOnly, SameSite=Strict cookie for the origin and answers no token; API clients get the token, no cookie', async () => {
    const { res, cookie } = await browserLogin();
    expect(body(res).data).toMatchObject({ token: '', userId: expect.any(String) });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie.line).toMatch(/; Path=\/(;|$)/);
    expect(cookie.line).toMatch(/; HttpOnly(;|$)/);
    expect(cookie.line).toMatch(/; SameSite=Strict(;|$)/);
    expect(cookie.line).toMatch(/; Max-Age=2592000(;|$)/);
    expect(cookie.line).not.toMatch(/Secure/);
    // Over https (a trusted proxy says so): Secure too.
    expect((await browserLogin({ 'x-forwarded-proto': 'https' })).cookie.line).toMatch(/; Secure(;|$)/);
    // A tool or test without the app's header: the token in the body, no cookie.
    const u = await t.createUser();
    const api = await call('POST', 'user/login', {}, { account: u.account, password: u.password });
    expect(api.headers['set-cookie']).toBeUndefined();
    expect(body(api).data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('over https the cookie is __Host-cw_session (Secure, Path=/, no Domain) and only that name counts; over http only cw_session', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const { u, cookie } = await browserLogin(https);
    expect(cookie.line).toMatch(/^__Host-cw_session=[A-Za-z0-9_-]{40,}; Path=\/; /);
    expect(cookie.line).toMatch(/; Secure(;|$)/);
    expect(cookie.line).not.toMatch(/Domain=/i);
    const token = /^__Host-cw_session=([^;]*)/.exec(cookie.line)![1]!;
    const info = (headers: Record<string, string>) => call('GET', 'user/info', headers).then(body);
    expect(await info({ ...https, cookie: `__Host-cw_session=${token}` })).toMatchObject({
      code: 200,
      data: { userId: u.userId },
    });
    // A plain-named cookie on https (planted over http or by a sibling host) authenticates nothing…
    expect((await info({ ...https, cookie: `cw_session=${token}` })).code).toBe(401);
    // …and the prefixed one means nothing over http.
    expect((await info({ cookie: `__Host-cw_session=${token}` })).code).toBe(401);
    // Logout over https clears the prefixed name.
    const out = await call('POST', 'user/logout', { ...https, ...APP, cookie: `__Host-cw_session=${token}` }, {});
    expect([out.headers['set-cookie']].flat()[0]).toMatch(/^__Host-cw_session=; Path=\/; Max-Age=0/);
  });

  it('two session cookies in one request authenticate nothing, whichever comes first', async () => {
    const { u, cookie } = await browserLogin();
    const other = await browserLogin();
    const info = (jar: string) => call('GET', 'user/info', { cookie: jar }).then(body);
    expect((await info(`cw_session=${cookie.value}`)).data.userId).toBe(u.userId);
    for (const jar of [
      `cw_session=${cookie.value}; cw_session=${other.cookie.value}`,
      `cw_session=forged; cw_session=${cookie.value}`,
      `cw_session=${cookie.value}; theme=dark; cw_session=`,
    ])
      expect(await info(jar), jar).toMatchObject({ code: 401 });
  });

  it('the cookie authenticates reads; state changes need the app header (a cross-site style request is refused and changes nothing)', async () => {
    const { u, cookie } = await browserLogin();
    const jar = { cookie: `theme=dark; cw_session=${cookie.value}` };
    const info = await call('GET', 'user/info', jar);
    expect(body(info), info.body).toMatchObject({ code: 200, data: { userId: u.userId } });
    // A form post from another site (cookie only — if a browser sent it at all): refused, translated.
    const forged = await call('POST', 'user/logoutOthers', { ...jar, 'accept-language': 'tr-TR' }, {});
    expect(body(forged)).toMatchObject({
      code: 403,
      key: 'csrf_header_required',
      msg: expect.stringContaining('CardWallet'),
    });
    const forgedLogout = await call('POST', 'user/logout', jar, {});
    expect(body(forgedLogout).key).toBe('csrf_header_required');
    expect(body(await call('GET', 'user/isLogin', jar)).code).toBe(200);
    // A wrong header value is no header.
    expect(body(await call('POST', 'passkey/proofOptions', { ...jar, 'x-requested-with': 'fetch' }, {})).key).toBe(
      'csrf_header_required',
    );
    // The app's client: accepted.
    const ok = await call('POST', 'passkey/registerOptions', { ...jar, ...APP }, {});
    expect(body(ok), ok.body).toMatchObject({ code: 200 });
    // A cookie does not make a public route's caller known without the header: no bind code for the session's account.
    expect(body(await call('POST', 'user/sendCode', jar, { account: '+905321112233', purpose: 'bind' })).code).not.toBe(
      200,
    );
    // A Bearer client needs no such header.
    const tool = await t.createUser();
    expect(body(await call('POST', 'user/logoutOthers', { authorization: `Bearer ${tool.token}` }, {})).code).toBe(200);
    // Junk or unknown cookies: 401, never a 500.
    expect(body(await call('GET', 'user/info', { cookie: 'cw_session=nope' })).code).toBe(401);
    expect(body(await call('GET', 'user/info', { cookie: `cw_session=${'x'.repeat(300)}` })).code).toBe(401);
    expect(body(await call('GET', 'user/info', { cookie: ';;=;cw_session' })).code).toBe(401);
  });

  it('logout revokes the session and clears the cookie; the old cookie is then refused', async () => {
    const { cookie } = await browserLogin();
    const jar = { cookie: `cw_session=${cookie.value}` };
    const out = await call('POST', 'user/logout', { ...jar, ...APP }, {});
    expect(body(out).code).toBe(200);
    const cleared = cookieOf(out.headers['set-cookie']);
    expect(cleared.value).toBe('');
    expect(cleared.line).toMatch(/; Max-Age=0(;|$)/);
    expect(cleared.line).toMatch(/; Path=\/(;|$)/);
    const after = await call('GET', 'user/info', jar);
    expect(body(after)).toMatchObject({ code: 401, key: 'session_expired' });
    // The stale cookie is cleared with the 401 (a session revoked elsewhere, or expired).
    expect(cookieOf(after.headers['set-cookie']).line).toMatch(/^cw_session=; .*Max-Age=0/);
  });

  it('register and passkey sign-in set the cookie the same way', async () => {
    const email = `cookie-${Date.now()}@example.com`;
    expect((await t.post('user/sendCode', { account: email, purpose: 'register' })).code).toBe(200);
    const code = (await t.lastCode(email))!;
    const reg = await call('POST', 'user/register', APP, {
      account: email,
      code,
      password: 'Passw0rd!x',
      confirmPassword: 'Passw0rd!x',
      agreement: true,
    });
    expect(body(reg), reg.body).toMatchObject({ code: 200, data: { token: '' } });
    const regCookie = cookieOf(reg.headers['set-cookie']);
    expect(body(await call('GET', 'user/info', { cookie: `cw_session=${regCookie.value}` })).code).toBe(200);

    const u = await t.createUser();
    const key = await enrolPasskey(t, u.token);
    const o = await t.post('passkey/loginOptions', {});
    const login = await call('POST', 'passkey/login', APP, {
      ceremonyId: o.data.ceremonyId,
      response: assertion(key, o.data.options.challenge),
    });
    expect(body(login), login.body).toMatchObject({ code: 200, data: { token: '', userId: u.userId } });
    const pkCookie = cookieOf(login.headers['set-cookie']);
    expect(pkCookie.line).toMatch(/HttpOnly/);
    expect(body(await call('GET', 'user/info', { cookie: `cw_session=${pkCookie.value}` })).data).toMatchObject({
      userId: u.userId,
    });
  });
});
