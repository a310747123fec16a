import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { verifyPasskeyProof, passkeyProofOptions } from '../../src/modules/passkeys/index';
import { assertion, attest, newPasskey, type SoftPasskey } from '../support/passkey-authenticator';

describe.each(testDrivers())('passkeys (WebAuthn) on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Registers a fresh software passkey for the user through the API; answers it with its row. */
  async function enrol(token: string, name?: string): Promise<{ key: SoftPasskey; id: string; handle: string }> {
    const key = newPasskey();
    const opts = await t.post('passkey/registerOptions', {}, { token });
    expect(opts.code).toBe(200);
    const res = await t.post(
      'passkey/register',
      {
        ceremonyId: opts.data.ceremonyId,
        response: attest(key, opts.data.options.challenge),
        ...(name ? { name } : {}),
      },
      { token },
    );
    expect(res, JSON.stringify(res)).toMatchObject({ code: 200 });
    key.userHandle = opts.data.options.user.id;
    return { key, id: res.data.id, handle: opts.data.options.user.id };
  }
  const loginWith = async (key: SoftPasskey, opts = {}) => {
    const o = await t.post('passkey/loginOptions', {});
    return t.post('passkey/login', {
      ceremonyId: o.data.ceremonyId,
      response: assertion(key, o.data.options.challenge, opts),
    });
  };

  it('registers a passkey, then signs in with it: a normal session; list shows created and last-used dates', async () => {
    const u = await t.createUser();
    const opts = await t.post('passkey/registerOptions', {}, { token: u.token });
    expect(opts.data.options).toMatchObject({
      rp: { id: 'localhost', name: 'CardWallet' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The user handle is random, never the id or the account.
    expect(Buffer.from(opts.data.options.user.id, 'base64url').toString()).not.toContain(u.userId);
    // Stored hashed: neither the challenge nor the ceremony id is in the table.
    const rows = await t.database.sql.query<{ ceremony_hash: string; challenge_hash: string }>(
      `select ceremony_hash, challenge_hash from passkey_challenges`,
    );
    expect(JSON.stringify(rows)).not.toContain(opts.data.options.challenge);
    expect(JSON.stringify(rows)).not.toContain(opts.data.ceremonyId);

    const key = newPasskey();
    const reg = await t.post(
      'passkey/register',
      { ceremonyId: opts.data.ceremonyId, response: attest(key, opts.data.options.challenge), name: 'My phone' },
      { token: u.token },
    );
    expect(reg).toMatchObject({ code: 200, data: { name: 'My phone', lastUsedAt: null } });
    key.userHandle = opts.data.options.user.id;

    const login = await loginWith(key);
    expect(login).toMatchObject({ code: 200, data: { userId: u.userId } });
    const info = await t.get('user/info', undefined, { token: login.data.token });
    expect(info).toMatchObject({ code: 200, data: { userId: u.userId } });
    const list = await t.get('passkey/list', undefined, { token: u.token });
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({ id: reg.data.id, name: 'My phone' });
    expect(new Date(list.data.items[0].lastUsedAt).getTime()).toBeGreaterThan(0);
  });

  it('a ceremony answers once: the same ceremonyId again, or 20 at once, gives at most one session', async () => {
    const u = await t.createUser();
    const { key } = await enrol(u.token);
    const o = await t.post('passkey/loginOptions', {});
    const first = await t.post('passkey/login', {
      ceremonyId: o.data.ceremonyId,
      response: assertion(key, o.data.options.challenge),
    });
    expect(first.code).toBe(200);
    const replay = await t.post('passkey/login', {
      ceremonyId: o.data.ceremonyId,
      response: assertion(key, o.data.options.challenge),
    });
    expect(replay).toMatchObject({ key: 'passkey_ceremony_expired' });

    const o2 = await t.post('passkey/loginOptions', {});
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post('passkey/login', {
          ceremonyId: o2.data.ceremonyId,
          response: assertion(key, o2.data.options.challenge),
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.code !== 200)
        .every((a) => a.key === 'passkey_ceremony_expired' || a.key === 'passkey_invalid'),
    ).toBe(true);
  });

  it('a replayed assertion (signed over an older challenge) is refused on a new ceremony', async () => {
    const u = await t.createUser();
    const { key } = await enrol(u.token);
    const o = await t.post('passkey/loginOptions', {});
    const signed = assertion(key, o.data.options.challenge);
    expect((await t.post('passkey/login', { ceremonyId: o.data.ceremonyId, response: signed })).code).toBe(200);
    const o2 = await t.post('passkey/loginOptions', {});
    expect(await t.post('passkey/login', { ceremonyId: o2.data.ceremonyId, response: signed })).toMatchObject({
      key: 'passkey_invalid',
    });
  });

  it('an expired ceremony (over 5 minutes) is refused', async () => {
    const u = await t.createUser();
    const { key } = await enrol(u.token);
    const o = await t.post('passkey/loginOptions', {});
    t.clock.advance(301_000);
    expect(
      await t.post('passkey/login', {
        ceremonyId: o.data.ceremonyId,
        response: assertion(key, o.data.options.challenge),
      }),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
  });

  it('a wrong origin, a wrong RP ID or a missing user verification is refused (registration and sign-in)', async () => {
    const u = await t.createUser();
    for (const bad of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example:8080' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const opts = await t.post('passkey/registerOptions', {}, { token: u.token });
      const reg = await t.post(
        'passkey/register',
        { ceremonyId: opts.data.ceremonyId, response: attest(newPasskey(), opts.data.options.challenge, bad) },
        { token: u.token },
      );
      expect(reg, JSON.stringify(bad)).toMatchObject({ key: 'passkey_invalid' });
    }
    const { key } = await enrol(u.token);
    for (const bad of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      expect(await loginWith(key, bad), JSON.stringify(bad)).toMatchObject({ key: 'passkey_invalid' });
    }
    expect((await t.get('passkey/list', undefined, { token: u.token })).data.items).toHaveLength(1);
  });

  it('a signature counter that does not grow (a cloned authenticator) is refused', async () => {
    const u = await t.createUser();
    const { key } = await enrol(u.token);
    expect((await loginWith(key, { counter: 5 })).code).toBe(200);
    expect(await loginWith(key, { counter: 3 })).toMatchObject({ key: 'passkey_invalid' });
    expect(await loginWith(key, { counter: 5 })).toMatchObject({ key: 'passkey_invalid' });
    expect((await loginWith(key, { counter: 6 })).code).toBe(200);
  });

  it('a forged signature, an unknown credential and a swapped user handle are refused', async () => {
    const u = await t.createUser();
    const { key } = await enrol(u.token);
    const other = await enrol((await t.createUser()).token);
    const o = await t.post('passkey/loginOptions', {});
    const forged = assertion(key, o.data.options.challenge);
    forged.response.signature = assertion(other.key, o.data.options.challenge).response.signature;
    expect(await t.post('passkey/login', { ceremonyId: o.data.ceremonyId, response: forged })).toMatchObject({
      key: 'passkey_invalid',
    });
    expect(await loginWith(newPasskey())).toMatchObject({ key: 'passkey_invalid' });
    expect(await loginWith({ ...key, userHandle: other.handle })).toMatchObject({ key: 'passkey_invalid' });
  });

  it("another customer's passkey: not found for rename and remove, and a credential id registers once", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const mine = await enrol(a.token, 'A key');
    expect(await t.post('passkey/rename', { id: mine.id, name: 'stolen' }, { token: b.token })).toMatchObject({
      code: 404,
      key: 'passkey_not_found',
    });
    expect(await t.post('passkey/remove', { id: mine.id }, { token: b.token })).toMatchObject({
      code: 404,
      key: 'passkey_not_found',
    });
    expect((await t.get('passkey/list', undefined, { token: b.token })).data.items).toEqual([]);
    const opts = await t.post('passkey/registerOptions', {}, { token: b.token });
    expect(
      await t.post(
        'passkey/register',
        { ceremonyId: opts.data.ceremonyId, response: attest(mine.key, opts.data.options.challenge) },
        { token: b.token },
      ),
    ).toMatchObject({ key: 'passkey_exists' });
    // A ceremony of A is not B's to finish.
    const optsA = await t.post('passkey/registerOptions', {}, { token: a.token });
    expect(
      await t.post(
        'passkey/register',
        { ceremonyId: optsA.data.ceremonyId, response: attest(newPasskey(), optsA.data.options.challenge) },
        { token: b.token },
      ),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    expect((await t.get('passkey/list', undefined, { token: a.token })).data.items[0]).toMatchObject({ name: 'A key' });
  });

  it('rename and remove; each add and removal is notified on the bound channel', async () => {
    const u = await t.createUser();
    const { id, key } = await enrol(u.token, 'Laptop');
    const added = await t.get('dev/outbox', { to: u.account, limit: '1' });
    expect(added.data.messages[0].body).toContain('Laptop');
    expect((await t.post('passkey/rename', { id, name: '  Work laptop ' }, { token: u.token })).data.name).toBe(
      'Work laptop',
    );
    expect(await t.post('passkey/rename', { id, name: '' }, { token: u.token })).toMatchObject({ code: 422 });
    expect(await t.post('passkey/remove', { id }, { token: u.token })).toMatchObject({
      code: 200,
      data: { removed: true },
    });
    const removed = await t.get('dev/outbox', { to: u.account, limit: '1' }, { locale: 'tr-TR' });
    expect(removed.data.messages[0].body).toContain('Work laptop');
    expect(await loginWith(key)).toMatchObject({ key: 'passkey_invalid' });
  });

  it('verifyPasskeyProof: a fresh assertion of one of the user’s own passkeys, once; not a login ceremony, not another user', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const { key } = await enrol(a.token);
    const bKey = await enrol(b.token);
    const opts = await passkeyProofOptions(t.app, a.id);
    expect(opts.options.allowCredentials).toHaveLength(1);
    await expect(
      verifyPasskeyProof(t.app, a.id, assertion(key, opts.options.challenge) as never, opts.ceremonyId),
    ).resolves.toMatchObject({ passkeyId: expect.any(String) });
    await expect(
      verifyPasskeyProof(t.app, a.id, assertion(key, opts.options.challenge) as never, opts.ceremonyId),
    ).rejects.toMatchObject({ key: 'passkey_ceremony_expired' });
    // A login ceremony's challenge is not a proof.
    const login = await t.post('passkey/loginOptions', {});
    await expect(
      verifyPasskeyProof(t.app, a.id, assertion(key, login.data.options.challenge) as never, login.data.ceremonyId),
    ).rejects.toMatchObject({ key: 'passkey_ceremony_expired' });
    // B's passkey does not prove A, even on A's ceremony.
    const again = await passkeyProofOptions(t.app, a.id);
    await expect(
      verifyPasskeyProof(t.app, a.id, assertion(bKey.key, again.options.challenge) as never, again.ceremonyId),
    ).rejects.toMatchObject({ key: 'passkey_invalid' });
    // Through the route, a proof ceremony cannot sign in.
    const viaRoute = await t.post('passkey/proofOptions', {}, { token: a.token });
    expect(
      await t.post('passkey/login', {
        ceremonyId: viaRoute.data.ceremonyId,
        response: assertion(key, viaRoute.data.options.challenge),
      }),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    expect(await t.post('passkey/proofOptions', {}, { token: (await t.createUser()).token })).toMatchObject({
      key: 'passkey_not_found',
    });
  });

  it('only a session signed in within 10 minutes may add a passkey (a stolen older token cannot)', async () => {
    const u = await t.createUser();
    t.clock.advance(10 * 60_000 + 1000);
    expect(await t.post('passkey/registerOptions', {}, { token: u.token })).toMatchObject({
      key: 'passkey_reauth_required',
    });
    const fresh = await t.post('user/login', { account: u.account, password: u.password });
    expect((await t.post('passkey/registerOptions', {}, { token: fresh.data.token })).code).toBe(200);
  });

  it('races: one registration ceremony sent 50 times at once stores one passkey; two assertions with the same counter, one wins', async () => {
    const u = await t.createUser();
    const key = newPasskey();
    const opts = await t.post('passkey/registerOptions', {}, { token: u.token });
    const regs = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post(
          'passkey/register',
          { ceremonyId: opts.data.ceremonyId, response: attest(key, opts.data.options.challenge) },
          { token: u.token },
        ),
      ),
    );
    expect(regs.filter((r) => r.code === 200)).toHaveLength(1);
    expect((await t.get('passkey/list', undefined, { token: u.token })).data.items).toHaveLength(1);
    key.userHandle = opts.data.options.user.id;
    // A cloned authenticator racing the original: same counter on two fresh ceremonies at once.
    const [o1, o2] = await Promise.all([t.post('passkey/loginOptions', {}), t.post('passkey/loginOptions', {})]);
    const both = await Promise.all([
      t.post('passkey/login', {
        ceremonyId: o1.data.ceremonyId,
        response: assertion(key, o1.data.options.challenge, { counter: 10 }),
      }),
      t.post('passkey/login', {
        ceremonyId: o2.data.ceremonyId,
        response: assertion(key, o2.data.options.challenge, { counter: 10 }),
      }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 500]);
  });

  it('every route is in the OpenAPI document with its body', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const p of [
      'registerOptions',
      'register',
      'loginOptions',
      'login',
      'list',
      'rename',
      'remove',
      'proofOptions',
    ])
      expect(doc.paths).toHaveProperty(`/api/passkey/${p}`);
    for (const p of ['register', 'login', 'rename', 'remove'])
      expect(doc.paths[`/api/passkey/${p}`]!.post!.requestBody, p).toBeDefined();
  });

  it('a password locked by someone guessing does not lock the owner out: the passkey still signs in', async () => {
    const u = await t.createUser();
    const { key } = await enrol(u.token);
    let locked = false;
    for (let i = 0; i < 10 && !locked; i++)
      locked = (await t.post('user/login', { account: u.account, password: 'Wrong-guess-1' })).key === 'account_locked';
    expect(locked).toBe(true);
    expect(await t.post('user/login', { account: u.account, password: u.password })).toMatchObject({
      key: 'account_locked',
    });
    expect(await loginWith(key)).toMatchObject({ code: 200, data: { userId: u.userId } });
  });

  it('needs a session for everything but sign-in; bad bodies answer 422', async () => {
    for (const p of [
      'passkey/registerOptions',
      'passkey/register',
      'passkey/rename',
      'passkey/remove',
      'passkey/proofOptions',
    ]) {
      expect((await t.post(p, {})).code, p).toBe(401);
    }
    expect(await t.post('passkey/login', { ceremonyId: 'x', response: {} })).toMatchObject({ code: 422 });
    const h = createHash('sha256').update('x').digest('base64url');
    expect((await t.post('passkey/login', { ceremonyId: h, response: assertion(newPasskey(), h) })).key).toBe(
      'passkey_ceremony_expired',
    );
  });
});

describe('passkeys outside sandbox without PASSKEY_RP_ID / PASSKEY_ORIGINS', () => {
  it('are off: passkey_unavailable', async () => {
    const t = await createTestApp('pglite', { APP_MODE: 'production', ADMIN_PASSWORD: 'Str0ng-admin-pass!' });
    try {
      expect(await t.post('passkey/loginOptions', {})).toMatchObject({ key: 'passkey_unavailable' });
    } finally {
      await t.close();
    }
  });
});
