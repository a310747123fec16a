import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { S3ReleaseStore } from '../../src/modules/releases/s3-store';
import { createTestApp, type TestApp } from '../support/harness';
import { fakeBuild } from './fake-build';

/**
 * The S3-compatible release store against an S3-compatible server on loopback (s3rver, in
 * process): publish, read back, completeness marker, and the whole release path of the API with
 * RELEASE_S3_* configured.
 */
describe('release store on an S3-compatible bucket', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  let t: TestApp | undefined;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'cw-releases', configs: [] }],
    });
    const address = (await server.run()) as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('publishes once, reads back byte for byte, and knows a complete release', async () => {
    const store = new S3ReleaseStore({
      bucket: 'cw-releases',
      prefix: 'unit/',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials,
    });
    const files = fakeBuild({ label: 's3' });
    expect(await store.has('card', '1.0.0-abc')).toBe(false);
    await store.publish('card', '1.0.0-abc', files);
    expect(await store.has('card', '1.0.0-abc')).toBe(true);
    for (const f of files) expect((await store.read(`card/1.0.0-abc/${f.path}`))?.equals(f.body)).toBe(true);
    expect(await store.read('card/1.0.0-abc/missing.js')).toBeNull();
    expect(await store.read('../etc/passwd')).toBeNull();
  });

  it('serves a release published through the API from the bucket', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-s3-web-'));
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    t = await createTestApp('pglite', {
      WEB_ROOT: root,
      RELEASE_S3_BUCKET: 'cw-releases',
      RELEASE_S3_PREFIX: 'api/',
      RELEASE_S3_ENDPOINT: endpoint,
    });
    const admin = await t.createAdmin();
    const files = fakeBuild({ app: 'mf_share', label: 'from-s3' });
    const res = await t.post(
      'releases/share',
      { version: '3.0.0', files: files.map((f) => ({ path: f.path, contentBase64: f.body.toString('base64') })) },
      { token: admin.token },
    );
    expect(res.code).toBe(200);
    const releaseId = res.data.release.releaseId as string;
    expect(fs.existsSync(path.join(dir, 'cw-releases'))).toBe(true);
    const remotes = JSON.parse((await t.inject({ method: 'GET', url: '/remotes.json' })).body);
    expect(remotes.remotes[0]).toMatchObject({
      name: 'mf_share',
      manifestUrl: `/remotes/share/${releaseId}/mf-manifest.json`,
    });
    const chunk = await t.inject({ method: 'GET', url: `/remotes/share/${releaseId}/static/js/page.0123abcd.js` });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toContain('from-s3');
    fs.rmSync(root, { recursive: true, force: true });
  }, 120_000);
});
