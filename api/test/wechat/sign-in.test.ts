import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';
import { wechatSignIn } from '../../src/providers/wechat/index';

/** WeChat sign-in (issue 27, docs/wechat.md) through the sandbox's WeChat servers and authorisation page. */
describe.each(testDrivers())('WeChat sign-in on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '100000', IP_SEND_CODE_MAX: '100000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const jsCode = async (name: string) => (await t.post('dev/wechat/jsCode', { name })).data.code as string;
  const phoneCode = async (mobile: string) => (await t.post('dev/wechat/phoneCode', { mobile })).data.code as string;
  const mobile = () => `+90532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const loginMp = (code: string) => t.post('passport/loginMpWx', { form: { code, source: 'mp' } });

  it('mini-program: mobile needed → getPhoneNumber binds a new account (with the agreement) → next time signed in', async () => {
    const first = await loginMp(await jsCode('Ada'));
    expect(first.code, first.msg).toBe(200);
    expect(first.data.status).toBe('mobile_required');
    expect(first.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const m = mobile();
    // Without the agreement a new account is refused, and the ticket stays usable.
    const noAgree = await t.post('passport/loginMpWxMobile', {
      form: { ticket: first.data.ticket, phoneCode: await phoneCode(m) },
    });
    expect(noAgree.key).toBe('wechat_agreement_required');
    const bound = await t.post('passport/loginMpWxMobile', {
      form: { ticket: first.data.ticket, phoneCode: await phoneCode(m), agree: true },
    });
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data).toMatchObject({ created: true, mobile: m });
    expect(bound.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The ticket is single use.
    const again = await t.post('passport/loginMpWxMobile', {
      form: { ticket: first.data.ticket, phoneCode: await phoneCode(m), agree: true },
    });
    expect(again.key).toBe('wechat_ticket_invalid');
    const next = await loginMp(await jsCode('Ada'));
    expect(next.data).toMatchObject({ status: 'signed_in', userId: bound.data.userId });
    const info = await t.get('user/wechat', {}, { token: next.data.token });
    expect(info.data).toMatchObject({ bound: true, sources: ['mp'] });
  });

  it("WeChat's errors: invalid code 40029, code used twice 40163, expired js_code, unknown phone code", async () => {
    expect((await loginMp('0' + 'f'.repeat(32))).key).toBe('wechat_code_invalid');
    const code = await jsCode('Bo');
    expect((await loginMp(code)).code).toBe(200);
    expect((await loginMp(code)).key).toBe('wechat_code_used');
    const old = await jsCode('Bo');
    await wechatSignIn(t.app).sandbox!.age(old, 301);
    expect((await loginMp(old)).key).toBe('wechat_code_invalid');
    const ticket = (await loginMp(await jsCode('Bo'))).data.ticket;
    const bad = await t.post('passport/loginMpWxMobile', { form: { ticket, phoneCode: 'nope', agree: true } });
    expect(bad.key).toBe('wechat_code_invalid');
    // The server-side shapes themselves: WeChat's errcode and errmsg.
    const raw = await t.inject({
      method: 'GET',
      url: '/api/dev/wechat/api/sns/jscode2session?appid=x&secret=y&js_code=z&grant_type=authorization_code',
    });
    expect(JSON.parse(raw.body)).toMatchObject({ errcode: 40013 });
  });

  it('browser: authorisation page → code + state → SMS-verified mobile binds an existing account; state and ticket single use', async () => {
    const existing = await t.createUser({ mobile: mobile() });
    const start = await t.get('passport/wechatAuthorize', {
      scope: 'snsapi_login',
      redirectPath: '/pages/passport/login',
    });
    expect(start.code).toBe(200);
    const url = new URL(start.data.url, 'http://x');
    expect(url.pathname).toBe('/api/dev/wechat/open/connect/qrconnect');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    const page = await t.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="get"');
    const confirm = new URLSearchParams(url.search);
    confirm.set('decision', 'allow');
    confirm.set('name', 'Cem');
    const back = await t.inject({ method: 'GET', url: `/api/dev/wechat/open/connect/confirm?${confirm}` });
    expect(back.statusCode).toBe(302);
    const to = new URL(back.headers.location as string, 'http://x');
    expect(to.pathname).toBe('/pages/passport/login');
    const code = to.searchParams.get('code')!;
    const state = to.searchParams.get('state')!;
    expect(state).toBe(start.data.state);
    expect(
      (await t.post('passport/loginMpWx', { form: { code, source: 'web', state: 'forged-state-000000' } })).key,
    ).toBe('wechat_state_invalid');
    const login = await t.post('passport/loginMpWx', { form: { code, source: 'web', state } });
    expect(login.data).toMatchObject({ status: 'mobile_required', nickname: 'Cem' });
    // The state was used up.
    expect((await t.post('passport/loginMpWx', { form: { code, source: 'web', state } })).key).toBe(
      'wechat_state_invalid',
    );
    const send = await t.post('passport/wechatSendCode', {
      form: { ticket: login.data.ticket, mobile: existing.account },
    });
    expect(send.code, send.msg).toBe(200);
    expect(
      (await t.post('passport/wechatSendCode', { form: { ticket: 'x'.repeat(43), mobile: existing.account } })).key,
    ).toBe('wechat_ticket_invalid');
    const sms = await t.lastCode(existing.account);
    const wrong = await t.post('passport/loginMpWxMobile', {
      form: { ticket: login.data.ticket, mobile: existing.account, code: sms === '000000' ? '111111' : '000000' },
    });
    expect(wrong.key).toBe('code_invalid');
    const bound = await t.post('passport/loginMpWxMobile', {
      form: { ticket: login.data.ticket, mobile: existing.account, code: sms },
    });
    expect(bound.code, bound.msg).toBe(200);
    expect(bound.data).toMatchObject({ created: false, userId: existing.userId });
    // The same person in the mini-program (same unionid) is signed in to the same account.
    const mp = await loginMp(await jsCode('Cem'));
    expect(mp.data).toMatchObject({ status: 'signed_in', userId: existing.userId });
    expect((await t.get('user/wechat', {}, { token: existing.token })).data.sources.sort()).toEqual(['mp', 'web']);
    // A denied authorisation comes back without a code.
    confirm.set('decision', 'deny');
    const denied = await t.inject({ method: 'GET', url: `/api/dev/wechat/open/connect/confirm?${confirm}` });
    expect(new URL(denied.headers.location as string, 'http://x').searchParams.get('code')).toBeNull();
  });

  it('one WeChat per account and one account per WeChat; unbind needs step-up and tells the customer', async () => {
    const a = await t.createUser({ mobile: mobile() });
    const t1 = (await loginMp(await jsCode('Dana'))).data.ticket;
    const p1 = await phoneCode(a.account);
    expect((await t.post('passport/loginMpWxMobile', { form: { ticket: t1, phoneCode: p1 } })).code).toBe(200);
    // Another WeChat person cannot take the same account.
    const t2 = (await loginMp(await jsCode('Emre'))).data.ticket;
    const taken = await t.post('passport/loginMpWxMobile', {
      form: { ticket: t2, phoneCode: await phoneCode(a.account) },
    });
    expect(taken.key).toBe('wechat_already_bound');

    expect((await t.post('user/wechat/unbind', {}, { token: a.token })).key).toBe('step_up_required');
    await stepUpGrant(t, a.token, 'wechat_unbind');
    const un = await t.post('user/wechat/unbind', {}, { token: a.token });
    expect(un.data).toEqual({ removed: 1 });
    expect((await t.get('user/wechat', {}, { token: a.token })).data.bound).toBe(false);
    expect((await t.post('user/wechat/unbind', {}, { token: a.token })).key).toBe('wechat_not_bound');
    // Now the other person may bind it.
    const t3 = (await loginMp(await jsCode('Emre'))).data.ticket;
    const ok = await t.post('passport/loginMpWxMobile', {
      form: { ticket: t3, phoneCode: await phoneCode(a.account) },
    });
    expect(ok.data.userId).toBe(a.userId);
    // Another customer's session cannot unbind it (it only ever touches its own).
    const b = await t.createUser();
    await stepUpGrant(t, b.token, 'wechat_unbind');
    expect((await t.post('user/wechat/unbind', {}, { token: b.token })).key).toBe('wechat_not_bound');
    expect((await t.get('user/wechat', {}, { token: a.token })).data.bound).toBe(true);
  });

  it('20 concurrent binds of one ticket → exactly one account bound', async () => {
    const ticket = (await loginMp(await jsCode('Fatma'))).data.ticket;
    const m = mobile();
    const codes = await Promise.all(Array.from({ length: 20 }, () => phoneCode(m)));
    const results = await Promise.all(
      codes.map((phone) => t.post('passport/loginMpWxMobile', { form: { ticket, phoneCode: phone, agree: true } })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 200).every((r) => r.key === 'wechat_ticket_invalid')).toBe(true);
    const [n] = await t.database.sql.query<{ n: number }>(`select count(*)::int as n from users where mobile = $1`, [
      m,
    ]);
    expect(n!.n).toBe(1);
  });
});
