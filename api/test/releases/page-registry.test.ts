import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { ReleaseService, inCanary } from '../../src/modules/releases/service';
import { releaseServiceOf, createReleaseStore } from '../../src/modules/releases/instance';
import { fakeBuild, type FakeBuildOptions } from './fake-build';

function body(opts: FakeBuildOptions, extra: Record<string, unknown> = {}) {
  return {
    version: '1.0.0',
    files: fakeBuild(opts).map((f) => ({ path: f.path, contentBase64: f.body.toString('base64') })),
    ...extra,
  };
}

type Remote = { name: string; releaseId: string; channel: string };

/** Issue 24: the page carries the client's registry; resolved from memory, invalidated across processes. */
describe.each(testDrivers())('registry in the page on %s', (driver) => {
  let t: TestApp;
  let root: string;
  let cardToken: string;
  let stable: string;
  let canary: string;
  const auth = () => ({ headers: { authorization: `Bearer ${cardToken}` } });

  const page = async (cookie?: string, url = '/pages/card/index') => {
    const res = await t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    const match = /<script type="application\/json" id="cw-registry">([^<]*)<\/script>/.exec(res.body);
    expect(match).not.toBeNull();
    return { res, data: JSON.parse(match![1]!) as { cohort: string; remotes: Remote[] } };
  };
  const remotesJson = async (cookie?: string, token?: string) => {
    const res = await t.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { ...(cookie ? { cookie } : {}), ...(token ? { 'access-token': token } : {}) },
    });
    return { res, remotes: (JSON.parse(res.body) as { remotes: Remote[] }).remotes };
  };
  const card = (remotes: Remote[]) => remotes.find((r) => r.name === 'mf_card')!;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-page-registry-'));
    fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'shell/dist/index.html'),
      '<!doctype html><html lang="en-US"><head><title>CardWallet</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp(driver, { WEB_ROOT: root, RELEASE_STORE_DIR: path.join(root, 'store') });
    const admin = await t.createAdmin();
    cardToken = (await t.post('admin/releases/tokens', { app: 'mf_card', label: 'card CI' }, { token: admin.token }))
      .data.token;
    stable = (await t.post('releases/mf_card', body({ label: 'v1' }), auth())).data.release.releaseId;
    canary = (await t.post('releases/mf_card', body({ label: 'v2' }, { version: '1.1.0', canaryPercent: 50 }), auth()))
      .data.release.releaseId;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an anonymous page carries its cohort’s releases, private and uncached, the same as /remotes.json', async () => {
    const first = await page();
    expect(first.res.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.res.headers.vary)).toContain('Cookie');
    const cookie = String(first.res.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^cw_cohort=[A-Za-z0-9_-]{22}$/);
    expect(first.data.cohort).toBe('anon');
    for (let i = 0; i < 5; i++) {
      const again = await page(cookie);
      expect(card(again.data.remotes).releaseId).toBe(card(first.data.remotes).releaseId);
      expect(again.res.headers['set-cookie']).toBeUndefined();
      expect(card((await remotesJson(cookie)).remotes).releaseId).toBe(card(first.data.remotes).releaseId);
    }
    // The CSP without inline script holds: the registry is data (type=application/json), not script.
    const csp = String(first.res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Both sides of the split occur across cohorts; a candidate cookie takes the canary.
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++)
      seen.add(card((await page(`cw_cohort=${randomBytes(16).toString('base64url')}`)).data.remotes).releaseId);
    expect(seen).toEqual(new Set([stable, canary]));
    for (let i = 0; i < 5; i++)
      expect(
        card((await page(`cw_cohort=${randomBytes(16).toString('base64url')}; cw_candidate=mf_card`)).data.remotes),
      ).toMatchObject({ releaseId: canary, channel: 'canary' });
  });

  it('the page of an app’s route announces that release’s manifest and entry; other routes announce none', async () => {
    const cookie = `cw_cohort=${randomBytes(16).toString('base64url')}`;
    const p = await page(cookie, '/pages/card/index?x=1');
    const releaseId = card(p.data.remotes).releaseId;
    expect(p.res.body).toContain(
      `<link rel="preload" href="/remotes/card/${releaseId}/mf-manifest.json" as="fetch" crossorigin>`,
    );
    expect(p.res.body).toContain(`<link rel="preload" href="/remotes/card/${releaseId}/remoteEntry.js" as="script">`);
    // Each hint names a file that is served.
    for (const [, href] of p.res.body.matchAll(/<link rel="preload" href="([^"]+)"/g))
      expect((await t.inject({ method: 'GET', url: href! })).statusCode).toBe(200);
    for (const url of ['/', '/pages/wallet/index', '/pages/cardx/index'])
      expect((await page(cookie, url)).res.body).not.toContain('rel="preload"');
  });

  it('a signed-in person’s page uses their user cohort, remembered by /remotes.json; signing out forgets it', async () => {
    const user = await t.createUser();
    const expected = inCanary('mf_card', `user:${user.userId}`, 50) ? canary : stable;
    const withToken = await remotesJson(`cw_cohort=${randomBytes(16).toString('base64url')}`, user.token);
    expect(card(withToken.remotes).releaseId).toBe(expected);
    const remembered = [withToken.res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('cw_ucohort='))!;
    expect(remembered).toMatch(
      new RegExp(`^cw_ucohort=${user.userId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`),
    );
    for (let i = 0; i < 5; i++) {
      const p = await page(`cw_cohort=${randomBytes(16).toString('base64url')}; cw_ucohort=${user.userId}`);
      expect(p.data.cohort).toBe('user');
      expect(card(p.data.remotes).releaseId).toBe(expected);
    }
    // Signed out (no token): the remembered cohort is cleared.
    const out = await remotesJson(`cw_cohort=${randomBytes(16).toString('base64url')}; cw_ucohort=${user.userId}`);
    expect([out.res.headers['set-cookie']].flat().map(String)).toContainEqual(
      expect.stringMatching(/^cw_ucohort=; Path=\/; Max-Age=0/),
    );
    // A forged value is no user cohort (not digits) and takes the anonymous path.
    expect((await page('cw_ucohort=1%3Bx')).data.cohort).toBe('anon');
  });

  /** Signs in as the app's browser client does (X-Requested-With): the session comes as a cookie. */
  const browserSignIn = async (user: { account: string; password: string }) => {
    const login = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { account: user.account, password: user.password },
    });
    const cookies = [login.headers['set-cookie']].flat().map(String);
    const session = /^cw_session=([^;]+)/m.exec(cookies.join('\n'))?.[1];
    expect(session, login.body).toBeDefined();
    return { session: session!, cookies };
  };

  it('the browser session cookie (no token header) puts /remotes.json in the user cohort', async () => {
    const user = await t.createUser();
    const { session } = await browserSignIn(user);
    const signedIn = await remotesJson(`cw_cohort=${randomBytes(16).toString('base64url')}; cw_session=${session}`);
    expect(card(signedIn.remotes).releaseId).toBe(inCanary('mf_card', `user:${user.userId}`, 50) ? canary : stable);
    expect([signedIn.res.headers['set-cookie']].flat().map(String)).toContainEqual(
      expect.stringMatching(new RegExp(`^cw_ucohort=${user.userId};`)),
    );
  });

  it('a browser sign-in remembers the user cohort for the next pages; logging out forgets it', async () => {
    const user = await t.createUser();
    const { session, cookies } = await browserSignIn(user);
    expect(cookies).toContainEqual(
      expect.stringMatching(new RegExp(`^cw_ucohort=${user.userId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`)),
    );
    // The next page, without any /remotes.json in between, is in the user cohort.
    const next = await page(`cw_cohort=${randomBytes(16).toString('base64url')}; cw_ucohort=${user.userId}`);
    expect(next.data.cohort).toBe('user');
    expect(card(next.data.remotes).releaseId).toBe(inCanary('mf_card', `user:${user.userId}`, 50) ? canary : stable);
    const logout = await t.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `cw_session=${session}` },
      payload: {},
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect([logout.headers['set-cookie']].flat().map(String)).toContainEqual(
      expect.stringMatching(/^cw_ucohort=; Path=\/; Max-Age=0/),
    );
    // An API client (no X-Requested-With) gets its token in the body and no cookie at all.
    const api = await t.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: user.account, password: user.password },
    });
    expect(api.headers['set-cookie']).toBeUndefined();
  });

  it('is resolved from memory: 200 pages read the registry from the database at most once', async () => {
    const service = releaseServiceOf(t.app);
    await page();
    const before = service.registry.loads;
    await Promise.all(Array.from({ length: 200 }, () => page(`cw_cohort=${randomBytes(16).toString('base64url')}`)));
    expect(service.registry.loads - before).toBeLessThanOrEqual(1);
  });

  it('promotion and rollback reach the next page at once, and another process through NOTIFY', async () => {
    // "Another process": a second service on the same database, listening like web/index.ts does.
    const other = new ReleaseService(t.database.sql, createReleaseStore(t.config.releases), {
      publicBaseUrl: '/remotes/',
      registryCacheMs: 60 * 60_000,
    });
    await other.registry.listen(t.database, t.config.databaseUrl);
    try {
      const cohort = `anon:${randomBytes(16).toString('base64url')}`;
      const before = card(await other.resolve(cohort)).releaseId;
      expect([stable, canary]).toContain(before);
      const loads = other.registry.loads;
      await other.resolve(cohort);
      expect(other.registry.loads).toBe(loads); // from memory

      await t.post('releases/mf_card/promote', {}, auth());
      expect(card((await page(`cw_cohort=${randomBytes(16).toString('base64url')}`)).data.remotes).releaseId).toBe(
        canary,
      );
      await vi.waitFor(() => expect(other.registry.notifications).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
      expect(card(await other.resolve(cohort))).toMatchObject({ releaseId: canary, channel: 'stable' });

      const notified = other.registry.notifications;
      await t.post('releases/mf_card/rollback', {}, auth());
      expect(card((await page(`cw_cohort=${randomBytes(16).toString('base64url')}`)).data.remotes).releaseId).toBe(
        stable,
      );
      await vi.waitFor(() => expect(other.registry.notifications).toBeGreaterThan(notified), {
        timeout: 5_000,
        interval: 20,
      });
      expect(card(await other.resolve(cohort)).releaseId).toBe(stable);
    } finally {
      await other.registry.stop();
    }
  });
});
