import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { cohortBucket, inCanary } from '../../src/modules/releases/service';
import { releaseServiceOf } from '../../src/modules/releases/instance';
import { publishLocalBuilds } from '../../src/modules/releases/local-builds';
import { fakeBuild, type FakeBuildOptions } from './fake-build';

function body(opts: FakeBuildOptions, extra: Record<string, unknown> = {}) {
  return {
    version: '1.0.0',
    files: fakeBuild(opts).map((f) => ({ path: f.path, contentBase64: f.body.toString('base64') })),
    ...extra,
  };
}

describe.each(testDrivers())('releases on %s', (driver) => {
  let t: TestApp;
  let root: string;
  let admin: { token: string };
  let cardToken: string;
  let walletToken: string;

  const release = (app: string, token: string, payload: unknown) =>
    t.post(`releases/${app}`, payload, { headers: { authorization: `Bearer ${token}` } });
  const remotesFor = async (cookie?: string, accessToken?: string) => {
    const res = await t.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { ...(cookie ? { cookie } : {}), ...(accessToken ? { 'access-token': accessToken } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return {
      json: JSON.parse(res.body) as {
        remotes: Array<{ name: string; manifestUrl: string; releaseId: string; channel: string; version: string }>;
      },
      res,
    };
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-releases-'));
    // WEB_ROOT without any build: nothing is published at start, the tests release by API.
    t = await createTestApp(driver, { WEB_ROOT: root, RELEASE_STORE_DIR: path.join(root, 'store') });
    admin = await t.createAdmin();
    cardToken = (await t.post('admin/releases/tokens', { app: 'mf_card', label: 'card CI' }, { token: admin.token }))
      .data.token;
    walletToken = (
      await t.post('admin/releases/tokens', { app: 'mf_wallet', label: 'wallet CI' }, { token: admin.token })
    ).data.token;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses a build that fails a gate, explains why, and records the refusal', async () => {
    const cases: Array<[FakeBuildOptions, RegExp]> = [
      [{ contractMajor: 99, contractVersion: '99.0.0' }, /contract 99\.0\.0.*accepts major/],
      [{ omit: ['mf-manifest.json'] }, /mf-manifest\.json is missing/],
      [{ omit: ['remoteEntry.js'] }, /remote entry remoteEntry\.js .* is missing/],
      [{ routePrefix: '/pages/wallet/' }, /route prefix/],
      [{ routes: ['index', '../wallet/index'] }, /outside the app's prefix/],
      [
        { translations: { 'en-US': ['a', 'b'], 'zh-HK': ['a'], 'ar-AE': ['a', 'b'], 'tr-TR': ['a', 'b'] } },
        /zh-HK lack 1 key/,
      ],
      [{ translations: { 'en-US': ['a'], 'zh-HK': ['a'], 'ar-AE': null, 'tr-TR': ['a'] } }, /ar-AE are missing/],
      [{ app: 'mf_wallet' }, /build is of mf_wallet/],
    ];
    for (const [opts, reason] of cases) {
      const res = await release('mf_card', cardToken, body(opts));
      expect(res.key, JSON.stringify(opts)).toBe('release_refused');
      expect(res.code).toBe(422);
      expect(res.data.reasons.join('\n')).toMatch(reason);
      expect(res.msg).toMatch(reason);
    }
    const audit = await t.get('releases/mf_card/audit', undefined, {
      headers: { authorization: `Bearer ${cardToken}` },
    });
    expect(audit.data.entries.filter((e: { action: string }) => e.action === 'refused')).toHaveLength(cases.length);
    expect((await remotesFor()).json.remotes).toEqual([]);
  });

  it('scopes deploy tokens to their app; tokens are 256-bit random and stored hashed', async () => {
    expect(cardToken).toMatch(/^cwd_[A-Za-z0-9_-]{43}$/);
    const refused = await release('mf_wallet', cardToken, body({ app: 'mf_wallet' }));
    expect(refused).toMatchObject({ code: 403, key: 'forbidden' });
    expect(
      (await t.post('releases/mf_wallet/rollback', {}, { headers: { authorization: `Bearer ${cardToken}` } })).key,
    ).toBe('forbidden');
    expect(
      (await t.post('releases/mf_card/promote', {}, { headers: { authorization: 'Bearer cwd_not-a-token' } })).key,
    ).toBe('unauthenticated');
    expect((await t.post('releases/mf_card/promote', {})).key).toBe('unauthenticated');
    const rows = await t.database.sql.query<{ token_hash: string }>(
      `select token_hash from deploy_tokens where app = 'mf_card'`,
    );
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(cardToken).digest('hex'));
    const all = JSON.stringify(await t.database.sql.query(`select * from deploy_tokens`));
    expect(all).not.toContain(cardToken.slice(4));
    // The token is checked before the body is read: no token, no upload parsed.
    const big = await t.inject({
      method: 'POST',
      url: '/api/releases/mf_card',
      headers: { 'content-type': 'application/json' },
      payload: `{"version":"1","files":[${'"x",'.repeat(200_000)}"x"]}`,
    });
    expect(JSON.parse(big.body)).toMatchObject({ code: 401, key: 'unauthenticated' });
    // A customer's session is not a deploy token.
    const customer = await t.createUser();
    expect((await t.post('releases/mf_card/rollback', {}, { token: customer.token })).key).toBe('unauthenticated');
  });

  it('first release becomes stable; files live under an immutable versioned path', async () => {
    const res = await release('mf_card', cardToken, body({ label: 'v1' }));
    expect(res.code).toBe(200);
    expect(res.data.created).toBe(true);
    expect(res.data.channel.stable.releaseId).toBe(res.data.release.releaseId);
    expect(res.data.release.releaseId).toMatch(/^1\.0\.0-[0-9a-f]{12}$/);
    const { json, res: raw } = await remotesFor();
    expect(raw.headers['cache-control']).toMatch(/^private, max-age=\d+, must-revalidate$/);
    expect(json.remotes).toEqual([
      expect.objectContaining({
        name: 'mf_card',
        routePrefix: '/pages/card/',
        channel: 'stable',
        manifestUrl: `/remotes/card/${res.data.release.releaseId}/mf-manifest.json`,
      }),
    ]);
    const chunk = await t.inject({
      method: 'GET',
      url: `/remotes/card/${res.data.release.releaseId}/static/js/page.0123abcd.js`,
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('v1');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['content-type']).toContain('javascript');
    // Publishing the same content again is the same release, not a new one.
    const again = await release('mf_card', cardToken, body({ label: 'v1' }));
    expect(again.data).toMatchObject({ created: false, release: { releaseId: res.data.release.releaseId } });
    for (const bad of [
      '/remotes/card/../../etc/passwd',
      `/remotes/card/${res.data.release.releaseId}/nope.js`,
      '/remotes/nope/x/y.js',
    ]) {
      expect((await t.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
    }
  });

  it('canary: a sticky cohort per client, the split within ±2 % over 10,000 ids, promote, rollback', async () => {
    const stable = (await t.get('releases/mf_card', undefined, { headers: { authorization: `Bearer ${cardToken}` } }))
      .data.channel.stable.releaseId;
    const canary = await release('mf_card', cardToken, body({ label: 'v2' }, { version: '1.1.0', canaryPercent: 50 }));
    expect(canary.data.channel.canary).toMatchObject({ releaseId: canary.data.release.releaseId, percent: 50 });

    // An anonymous client gets a 128-bit cookie and keeps its version on every later request.
    const first = await remotesFor();
    const cookie = String(first.res.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^cw_cohort=[A-Za-z0-9_-]{22}$/);
    for (let i = 0; i < 20; i++) {
      const again = await remotesFor(cookie);
      expect(again.json.remotes[0]!.releaseId).toBe(first.json.remotes[0]!.releaseId);
      expect(again.res.headers['set-cookie']).toBeUndefined();
    }
    // A signed-in user's cohort is their user id: the same on any device (any cookie).
    const user = await t.createUser();
    const expected = inCanary('mf_card', `user:${user.userId}`, 50) ? canary.data.release.releaseId : stable;
    for (let i = 0; i < 5; i++) {
      const { json } = await remotesFor(`cw_cohort=${randomBytes(16).toString('base64url')}`, user.token);
      expect(json.remotes[0]!.releaseId).toBe(expected);
    }
    // A candidate combination: this client asks for the card canary whatever its cohort.
    for (let i = 0; i < 10; i++) {
      const { json } = await remotesFor(`cw_cohort=${randomBytes(16).toString('base64url')}; cw_candidate=mf_card`);
      expect(json.remotes[0]).toMatchObject({ releaseId: canary.data.release.releaseId, channel: 'canary' });
    }
    // The split, through the real resolver: 10,000 simulated ids.
    const service = releaseServiceOf(t.app);
    const state = await service.channels();
    let inCanaryCount = 0;
    for (let i = 0; i < 10_000; i++) {
      const [remote] = service.pick(state, `anon:${randomBytes(16).toString('base64url')}`);
      if (remote!.channel === 'canary') inCanaryCount++;
    }
    expect(Math.abs(inCanaryCount / 10_000 - 0.5)).toBeLessThanOrEqual(0.02);
    // Raising the percentage keeps everyone who was in the canary in it.
    const ids = Array.from({ length: 2000 }, (_, i) => `user:${i}`);
    const at10 = ids.filter((id) => inCanary('mf_card', id, 10));
    expect(at10.every((id) => inCanary('mf_card', id, 50))).toBe(true);
    expect(Math.abs(at10.length / 2000 - 0.1)).toBeLessThanOrEqual(0.02);
    expect(cohortBucket('mf_card', 'x')).toBe(cohortBucket('mf_card', 'x'));

    // Promote: everyone on the new release.
    const promoted = await t.post(
      'releases/mf_card/promote',
      {},
      { headers: { authorization: `Bearer ${cardToken}` } },
    );
    expect(promoted.data).toMatchObject({ stable: { releaseId: canary.data.release.releaseId }, canary: null });
    for (let i = 0; i < 20; i++)
      expect((await remotesFor(`cw_cohort=${randomBytes(16).toString('base64url')}`)).json.remotes[0]!.releaseId).toBe(
        canary.data.release.releaseId,
      );
    // The old release's files stay where they were for pages that loaded them.
    expect(
      (await t.inject({ method: 'GET', url: `/remotes/card/${stable}/static/js/page.0123abcd.js` })).body,
    ).toContain('v1');

    // Rollback: stable back to the previous release, instantly.
    const rolled = await t.post('releases/mf_card/rollback', {}, { headers: { authorization: `Bearer ${cardToken}` } });
    expect(rolled.data.stable.releaseId).toBe(stable);
    expect((await remotesFor()).json.remotes[0]!.releaseId).toBe(stable);
    // Nothing earlier to go back to.
    const none = await t.post('releases/mf_card/rollback', {}, { headers: { authorization: `Bearer ${cardToken}` } });
    expect(none).toMatchObject({ code: 409, key: 'release_conflict' });
    // A running canary is what rollback stops first.
    await release('mf_card', cardToken, body({ label: 'v3' }, { version: '1.2.0', canaryPercent: 20 }));
    const stopped = await t.post(
      'releases/mf_card/rollback',
      {},
      { headers: { authorization: `Bearer ${cardToken}` } },
    );
    expect(stopped.data).toMatchObject({ stable: { releaseId: stable }, canary: null });

    const history = (await t.get('releases/mf_card', undefined, { headers: { authorization: `Bearer ${cardToken}` } }))
      .data.releases;
    expect(history.map((r: { version: string; status: string }) => `${r.version}:${r.status}`)).toEqual([
      '1.2.0:registered',
      '1.1.0:rolled_back',
      '1.0.0:stable',
    ]);
    const audit = (await t.get('releases/mf_card/audit', undefined, { token: admin.token })).data.entries.map(
      (e: { action: string; actor: string }) => e.action,
    );
    expect(audit.slice(0, 6)).toEqual(['abort_canary', 'canary', 'release', 'rollback', 'promote', 'canary']);
    const actors = (await t.get('releases/mf_card/audit', undefined, { token: admin.token })).data.entries.map(
      (e: { actor: string }) => e.actor,
    );
    expect(actors).toContain(
      `token:${(await t.database.sql.query<{ id: string }>(`select id::text from deploy_tokens where label = 'card CI'`))[0]!.id}:card CI`,
    );
  });

  it('releases two apps at the same time, each with its own token', async () => {
    const [card, wallet] = await Promise.all([
      release('mf_card', cardToken, body({ label: 'parallel-card' }, { version: '2.0.0', stable: true })),
      release('mf_wallet', walletToken, body({ app: 'mf_wallet', label: 'parallel-wallet' }, { version: '5.0.0' })),
    ]);
    expect(card.code).toBe(200);
    expect(wallet.code).toBe(200);
    const { json } = await remotesFor();
    expect(json.remotes.map((r) => `${r.name}@${r.version}`)).toEqual(['mf_card@2.0.0', 'mf_wallet@5.0.0']);
    const revoked = await t.post(
      'admin/releases/tokens/revoke',
      {
        id: (
          await t.database.sql.query<{ id: string }>(`select id::text from deploy_tokens where label = 'wallet CI'`)
        )[0]!.id,
      },
      { token: admin.token },
    );
    expect(revoked.code).toBe(200);
    expect(
      (await t.post('releases/mf_wallet/rollback', {}, { headers: { authorization: `Bearer ${walletToken}` } })).key,
    ).toBe('unauthenticated');
  });

  it('publishes local builds on start: the first as stable, a changed sandbox build as the new stable, never twice', async () => {
    const local = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-local-builds-'));
    const writeDist = (label: string) => {
      fs.rmSync(path.join(local, 'mf-share/dist'), { recursive: true, force: true });
      for (const f of fakeBuild({ app: 'mf_share', label })) {
        fs.mkdirSync(path.dirname(path.join(local, 'mf-share/dist', f.path)), { recursive: true });
        fs.writeFileSync(path.join(local, 'mf-share/dist', f.path), f.body);
      }
    };
    const service = releaseServiceOf(t.app);
    const log = t.app.log;
    writeDist('local-1');
    await publishLocalBuilds(service, local, { sandbox: true, log });
    const first = (await service.channel('mf_share')).stable;
    expect(first.createdBy).toBe('bootstrap');
    await publishLocalBuilds(service, local, { sandbox: true, log });
    expect((await service.history('mf_share')).length).toBe(1);
    writeDist('local-2');
    await publishLocalBuilds(service, local, { sandbox: false, log });
    expect((await service.channel('mf_share')).stable.releaseId).toBe(first.releaseId);
    await publishLocalBuilds(service, local, { sandbox: true, log });
    expect((await service.channel('mf_share')).stable).toMatchObject({ createdBy: 'local-build' });
    fs.rmSync(local, { recursive: true, force: true });
  });

  it('serves a release file in the coding the client accepts, among those the build pre-compressed', async () => {
    const page = 'static/js/page.0123abcd.js';
    const files = fakeBuild({ label: 'encodings' });
    const plain = files.find((f) => f.path === page)!.body;
    const payload = {
      version: '3.0.0',
      files: [
        ...files,
        { path: `${page}.br`, body: brotliCompressSync(plain) },
        { path: `${page}.gz`, body: gzipSync(plain) },
      ].map((f) => ({ path: f.path, contentBase64: f.body.toString('base64') })),
    };
    const res = await release('mf_card', cardToken, payload);
    expect(res.code).toBe(200);
    const get = (acceptEncoding: string) =>
      t.inject({
        method: 'GET',
        url: `/remotes/card/${res.data.release.releaseId}/${page}`,
        headers: { 'accept-encoding': acceptEncoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    // br;q=0 refuses brotli: the gzip file, not the brotli one.
    const gz = await get('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
    const identity = await get('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
  });

  it('serves pages with the security headers (CSP without inline script or eval)', async () => {
    const res = await t.inject({ method: 'GET', url: '/remotes.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self' https://cardwallet.test");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // The same headers on the API's own answers and on a 404 (one hook for the whole process).
    for (const url of ['/api/system/health', '/api/no/such/route']) {
      const api = await t.inject({ method: 'GET', url });
      expect(String(api.headers['content-security-policy'])).toBe(csp);
      expect(api.headers['x-frame-options']).toBe('DENY');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
    }
    // The sandbox KYC provider's hosted page (another origin in production) runs its one inline
    // script by hash and may be framed by our pages only.
    const provider = await t.inject({ method: 'GET', url: '/sandbox-provider/kyc/sdk?lang=en-US' });
    const script = /<script>([\s\S]*?)<\/script>/.exec(provider.body)![1]!;
    const policy = String(provider.headers['content-security-policy']);
    expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("'unsafe-inline' 'sha256");
  });
});
