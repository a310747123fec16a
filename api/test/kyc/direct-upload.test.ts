import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@cardwallet/shared/schemas';
import { directUploadOrigin, loadUploadsConfig } from '../../src/config/uploads';
import { DirectUploads } from '../../src/modules/kyc/direct-upload';
import { S3ObjectStore } from '../../src/providers/object-store/s3';
import { SANDBOX_BUCKET_CREDENTIALS, startSandboxBucket, type SandboxBucket } from '../../src/sandbox/bucket';
import { cspDirectives } from '../../src/web/security-headers';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { jpegWithGps, png, removeScratch, kycTestEnv, useScratchUploads } from './support';

const scratch = useScratchUploads();

interface Ticket {
  mode: 'direct';
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: string;
  maxBytes: number;
}

/** What a browser does with the ticket: a multipart form POST to the bucket, fields first, then the file. */
async function postToBucket(
  ticket: Ticket,
  data: Buffer,
  opts: { filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? ticket.fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([data], { type: opts.type ?? ticket.fields['Content-Type'] }),
    opts.filename ?? 'photo.jpg',
  );
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  return { status: res.status, body: await res.text() };
}

describe.each(testDrivers())('direct uploads to the bucket (%s)', (driver) => {
  let bucket: SandboxBucket;
  let t: TestApp;
  let dir: string;
  let store: S3ObjectStore;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-direct-'));
    bucket = await startSandboxBucket({
      port: 0,
      directory: dir,
      bucket: 'cw-uploads',
      ...SANDBOX_BUCKET_CREDENTIALS,
      // The bucket's clock is the test's, so expiry can be tested without waiting.
      now: () => (t ? t.clock.now() : new Date()),
    });
    t = await createTestApp(driver, {
      ...kycTestEnv(scratch),
      // Every request here comes from one address: the per-IP upload limit (tested in upload-quota) is raised.
      IP_UPLOAD_MAX: '10000',
      OBJECT_STORE: 's3',
      S3_BUCKET: 'cw-uploads',
      S3_ENDPOINT: bucket.endpoint,
      S3_ACCESS_KEY_ID: SANDBOX_BUCKET_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: SANDBOX_BUCKET_CREDENTIALS.secretAccessKey,
      S3_PREFIX: 'test/',
    });
    store = new S3ObjectStore({
      bucket: 'cw-uploads',
      region: 'us-east-1',
      endpoint: bucket.endpoint,
      ...SANDBOX_BUCKET_CREDENTIALS,
      prefix: 'test/',
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    removeScratch(scratch);
  });

  const issue = async (token: string, contentType = 'image/jpeg') => {
    const res = await t.post<Ticket>('upload/image/direct', { contentType }, { token });
    expect(res.code).toBe(200);
    return res.data;
  };
  const complete = (token: string, key: string) => t.post('upload/image/direct/complete', { key }, { token });
  const exists = async (key: string) => {
    const body = await store.get(key);
    body?.destroy();
    return body !== null;
  };

  it('issues a policy that fixes key, type, size and expiry; the browser uploads to the bucket; the API verifies, strips GPS and accepts it into KYC', async () => {
    const u = await t.createUser();
    const before = t.clock.now().getTime();
    const ticket = await issue(u.token);
    expect(ticket).toMatchObject({ mode: 'direct', url: `${bucket.endpoint}/cw-uploads`, maxBytes: UPLOAD_MAX_BYTES });
    expect(ticket.key).toMatch(new RegExp(`^incoming/${u.userId}/[A-Za-z0-9_-]{22}$`));
    expect(ticket.fields.key).toBe(`test/${ticket.key}`);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString());
    expect(policy.conditions).toContainEqual(['content-length-range', 1, UPLOAD_MAX_BYTES]);
    expect(policy.conditions).toContainEqual({ key: `test/${ticket.key}` });
    expect(policy.conditions).toContainEqual({ 'Content-Type': 'image/jpeg' });
    const lifetime = Date.parse(policy.expiration) - before;
    expect(lifetime).toBeGreaterThanOrEqual(300_000);
    expect(lifetime).toBeLessThan(305_000);

    const jpeg = jpegWithGps();
    expect((await exifr.parse(jpeg, { gps: true }))?.GPSLatitude).toEqual([48, 51, 29]);
    expect((await postToBucket(ticket, jpeg)).status).toBe(204);
    expect(await exists(ticket.key)).toBe(true);

    const done = await complete(u.token, ticket.key);
    expect(done.code).toBe(200);
    const image = done.data.files[0];
    expect(image).toMatchObject({ contentType: 'image/jpeg', url: `upload/image/${image.id}` });
    // The incoming object is gone; the clean copy is served to its owner without the position.
    expect(await exists(ticket.key)).toBe(false);
    const served = await t.inject({ method: 'GET', url: `/api/${image.url}`, headers: { 'access-token': u.token } });
    expect(served.statusCode).toBe(200);
    expect((await exifr.parse(served.rawPayload, { gps: true }))?.GPSLatitude).toBeUndefined();
    expect((await exifr.parse(served.rawPayload))?.Orientation).toBeDefined();

    const submitted = await t.post(
      'kyc/level1',
      {
        country: 'GB',
        documentType: 'passport',
        firstName: 'Alex',
        lastName: 'Morgan',
        documentNumber: '533401286',
        birthDate: '1990-05-14',
        documentImages: [image.id],
      },
      { token: u.token },
    );
    expect(submitted.code).toBe(200);
    expect(submitted.data.level1.state).toBe('verified');
  });

  it('completing twice (and 20 times at once) answers the same image; the token is single-use', async () => {
    const u = await t.createUser();
    const ticket = await issue(u.token, 'image/png');
    expect((await postToBucket(ticket, png(), { filename: 'a.png' })).status).toBe(204);
    const answers = await Promise.all(Array.from({ length: 20 }, () => complete(u.token, ticket.key)));
    const ids = new Set(answers.map((a) => a.data?.files?.[0]?.id));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const again = await complete(u.token, ticket.key);
    expect(again.data.files[0].id).toBe([...ids][0]);
    const rows = await t.database.sql.query<{ n: string }>(
      `select count(*)::text as n from uploaded_images where user_id = $1::bigint`,
      [u.userId],
    );
    expect(rows[0]!.n).toBe('1');
    // The used policy cannot put a second object under another key, and a re-upload under its own key is not read again.
    expect(
      (await postToBucket(ticket, png(), { fields: { ...ticket.fields, key: `test/incoming/${u.userId}/other` } }))
        .status,
    ).toBe(403);
    expect(bucket.refusals).toContain('AccessDenied');
  });

  it('too large: refused by the bucket (EntityTooLarge); completion then finds nothing', async () => {
    const u = await t.createUser();
    const ticket = await issue(u.token);
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0);
    jpegWithGps().copy(big);
    const res = await postToBucket(ticket, big);
    expect(res.status).toBe(400);
    expect(res.body).toContain('<Code>EntityTooLarge</Code>');
    expect(await exists(ticket.key)).toBe(false);
    const done = await complete(u.token, ticket.key);
    expect(done).toMatchObject({ code: 422, key: 'upload_incomplete' });
  }, 60_000);

  it('wrong type: a .png name with text content passes the bucket, is refused by verification and deleted', async () => {
    const u = await t.createUser();
    const ticket = await issue(u.token, 'image/png');
    const res = await postToBucket(ticket, Buffer.from('not an image at all, just text\n'.repeat(10)), {
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(res.status).toBe(204);
    expect(await exists(ticket.key)).toBe(true);
    const done = await complete(u.token, ticket.key);
    expect(done).toMatchObject({ code: 422, key: 'upload_not_image' });
    expect(done.msg).toBe('Only JPEG and PNG images can be uploaded.');
    expect(await exists(ticket.key)).toBe(false);
    // Asked again: the same refusal, nothing stored.
    expect(await complete(u.token, ticket.key)).toMatchObject({ code: 422, key: 'upload_not_image' });
    const rows = await t.database.sql.query(`select 1 from uploaded_images where user_id = $1::bigint`, [u.userId]);
    expect(rows).toHaveLength(0);
  });

  it("someone else's key answers not found, like an unknown one; the owner still completes it", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const ticket = await issue(a.token);
    expect((await postToBucket(ticket, jpegWithGps())).status).toBe(204);
    expect(await complete(b.token, ticket.key)).toMatchObject({ code: 404, key: 'not_found' });
    expect(await complete(b.token, `incoming/${b.userId}/unknown`)).toMatchObject({ code: 404, key: 'not_found' });
    expect((await complete(a.token, ticket.key)).code).toBe(200);
    // b cannot use a's image in a submission either (the existing ownership check).
    const id = (await complete(a.token, ticket.key)).data.files[0].id;
    const viaB = await t.inject({
      method: 'GET',
      url: `/api/upload/image/${id}`,
      headers: { 'access-token': b.token },
    });
    expect(JSON.parse(viaB.body)).toMatchObject({ code: 404 });
  });

  it('expired token: the bucket refuses the upload (AccessDenied, policy expired); a completion long after expiry is refused and deleted', async () => {
    const u = await t.createUser();
    const late = await issue(u.token);
    t.clock.advance(301_000);
    const res = await postToBucket(late, jpegWithGps());
    expect(res.status).toBe(403);
    expect(res.body).toContain('Policy expired');
    expect(await complete(u.token, late.key)).toMatchObject({ code: 422, key: 'upload_incomplete' });

    const slow = await issue(u.token);
    expect((await postToBucket(slow, jpegWithGps())).status).toBe(204);
    t.clock.advance(300_000 + 11 * 60_000);
    expect(await complete(u.token, slow.key)).toMatchObject({ code: 422, key: 'upload_expired' });
    expect(await exists(slow.key)).toBe(false);
  });

  it('a forged or missing signature, and an anonymous upload, are refused by the bucket', async () => {
    const u = await t.createUser();
    const ticket = await issue(u.token);
    const forged = { ...ticket.fields, 'X-Amz-Signature': '0'.repeat(64) };
    expect((await postToBucket(ticket, jpegWithGps(), { fields: forged })).status).toBe(403);
    const { Policy: _p, 'X-Amz-Signature': _s, ...anonymous } = ticket.fields;
    expect((await postToBucket(ticket, jpegWithGps(), { fields: anonymous })).status).toBe(403);
    const otherType = { ...ticket.fields, 'Content-Type': 'text/html' };
    expect((await postToBucket(ticket, jpegWithGps(), { fields: otherType })).status).toBe(403);
    expect(await exists(ticket.key)).toBe(false);
  });

  it('the daily quota applies to tokens: each token reserves one slot', async () => {
    const u = await t.createUser();
    await t.database.sql.query(
      `insert into upload_quota (user_id, window_started_at, files) values ($1::bigint, $2, 500)`,
      [u.userId, t.clock.now().toISOString()],
    );
    const res = await t.post('upload/image/direct', { contentType: 'image/jpeg' }, { token: u.token });
    expect(res).toMatchObject({ code: 429, key: 'rate_limited' });
  });

  it('50 token requests at once with 3 slots left: exactly 3 tokens issued', async () => {
    const u = await t.createUser();
    await t.database.sql.query(
      `insert into upload_quota (user_id, window_started_at, files) values ($1::bigint, $2, 497)`,
      [u.userId, t.clock.now().toISOString()],
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post('upload/image/direct', { contentType: 'image/jpeg' }, { token: u.token }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(47);
    const rows = await t.database.sql.query(`select 1 from upload_tokens where user_id = $1::bigint`, [u.userId]);
    expect(rows).toHaveLength(3);
  });

  it('a completion killed halfway (claim left behind) is taken over once the claim is two minutes old', async () => {
    const u = await t.createUser();
    const ticket = await issue(u.token);
    expect((await postToBucket(ticket, jpegWithGps())).status).toBe(204);
    // What a process that died after claiming leaves behind.
    await t.database.sql.query(
      `update upload_tokens set status = 'processing', claimed_at = $2 where object_key = $1`,
      [ticket.key, t.clock.now().toISOString()],
    );
    t.clock.advance(121_000);
    const done = await complete(u.token, ticket.key);
    expect(done.code).toBe(200);
    expect(await exists(ticket.key)).toBe(false);
  });

  it("the kyc demo seed takes the browser's path with a bucket: token, POST to the bucket, verification", async () => {
    const u = await t.createUser();
    const seed = t.app.demoSeeds.ordered().find((d) => d.name === 'kyc')!;
    await seed.run({ userId: u.userId });
    const tokens = await t.database.sql.query<{ status: string }>(
      `select status from upload_tokens where user_id = $1::bigint`,
      [u.userId],
    );
    expect(tokens).toEqual([{ status: 'completed' }]);
    expect((await t.get('kyc/status', {}, { token: u.token })).data.level).toBe(2);
  });

  it('abandoned uploads (never completed) are swept an hour after expiry: object deleted, token failed', async () => {
    const u = await t.createUser();
    const ticket = await issue(u.token);
    expect((await postToBucket(ticket, jpegWithGps())).status).toBe(204);
    const sweeper = new DirectUploads(t.app, store, { enabled: true, tokenTtlSeconds: 300 });
    t.clock.advance(30 * 60_000);
    await sweeper.sweep();
    expect(await exists(ticket.key)).toBe(true); // not yet: expired less than an hour ago
    t.clock.advance(60 * 60_000);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await exists(ticket.key)).toBe(false);
    expect(await complete(u.token, ticket.key)).toMatchObject({ code: 422, key: 'upload_expired' });
  });

  it('refuses a bad content type and a bad key with translated field errors, never a 500', async () => {
    const u = await t.createUser();
    expect((await t.post('upload/image/direct', { contentType: 'text/html' }, { token: u.token })).code).toBe(422);
    expect((await t.post('upload/image/direct/complete', { key: '../../etc' }, { token: u.token })).code).toBe(422);
    expect((await t.post('upload/image/direct', { contentType: 'image/png' })).code).toBe(401);
  });

  it('CSP allows the bucket origin for connect-src only when direct uploads are configured', () => {
    expect(directUploadOrigin(t.config.uploads)).toBe(bucket.endpoint);
    const none = loadUploadsConfig({}, { dataDir: '/tmp/x/pglite', sandbox: true }).config!;
    expect(directUploadOrigin(none)).toBeUndefined();
    expect(cspDirectives({ scriptOrigins: [], uploadOrigins: [bucket.endpoint] }).connectSrc).toEqual([
      "'self'",
      bucket.endpoint,
    ]);
    expect(cspDirectives({ scriptOrigins: [] }).connectSrc).toEqual(["'self'"]);
  });
});

describe('uploads configuration', () => {
  const base = { dataDir: '/tmp/x/pglite' };
  it('direct uploads follow the bucket; the sandbox bucket is refused outside sandbox; a bucket needs its name', () => {
    expect(loadUploadsConfig({}, { ...base, sandbox: true }).config).toMatchObject({ s3: undefined, direct: true });
    expect(loadUploadsConfig({ SANDBOX_BUCKET: '1' }, { ...base, sandbox: false }).errors[0]).toMatch(
      /^SANDBOX_BUCKET/,
    );
    expect(loadUploadsConfig({ OBJECT_STORE: 's3' }, { ...base, sandbox: false }).errors[0]).toMatch(/^S3_BUCKET/);
    const off = loadUploadsConfig(
      { OBJECT_STORE: 's3', S3_BUCKET: 'b-1', UPLOAD_DIRECT: '0' },
      { ...base, sandbox: false },
    );
    expect(directUploadOrigin(off.config!)).toBeUndefined();
    const aws = loadUploadsConfig(
      { OBJECT_STORE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'eu-west-1' },
      { ...base, sandbox: false },
    );
    expect(directUploadOrigin(aws.config!)).toBe('https://b-1.s3.eu-west-1.amazonaws.com');
    const pub = loadUploadsConfig(
      {
        OBJECT_STORE: 's3',
        S3_BUCKET: 'b-1',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      },
      { ...base, sandbox: false },
    );
    expect(directUploadOrigin(pub.config!)).toBe('https://files.example.com');
  });
});

describe('without a bucket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', kycTestEnv(scratch));
  });
  afterAll(async () => {
    await t?.close();
  });
  it('answers mode "api": uploads keep going through the API', async () => {
    const u = await t.createUser();
    expect((await t.post('upload/image/direct', { contentType: 'image/jpeg' }, { token: u.token })).data).toEqual({
      mode: 'api',
    });
    expect(await t.post('upload/image/direct/complete', { key: 'incoming/1/x' }, { token: u.token })).toMatchObject({
      code: 404,
    });
  });
});
