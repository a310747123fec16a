import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { files, multipart, png, removeScratch, kycTestEnv, useScratchUploads } from './support';

const scratch = useScratchUploads();

describe.each(testDrivers())('image upload daily quota (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { ...kycTestEnv(scratch), UPLOAD_MAX_PER_DAY: '3' });
  });
  afterAll(async () => {
    await t?.close();
    removeScratch(scratch);
  });

  it('refuses a customer past the daily quota with 429, others are unaffected, and it resets after 24 h', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const send = async (token: string) => {
      const { payload, headers } = multipart(files(png(), png(), png()));
      return JSON.parse(
        (
          await t.inject({
            method: 'POST',
            url: '/api/upload/image',
            payload,
            headers: { ...headers, 'access-token': token },
          })
        ).body,
      );
    };
    expect((await send(a.token)).code).toBe(200);
    const refused = await send(a.token);
    expect(refused).toMatchObject({ code: 429, key: 'rate_limited' });
    // Until the 24 h window of the first upload ends.
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(86_000);
    expect((await send(b.token)).code).toBe(200);
    t.clock.advance(86400_000 + 1000);
    expect((await send(a.token)).code).toBe(200);
  });

  const upload = async (token: string, ...images: Buffer[]) => {
    const { payload, headers } = multipart(files(...images));
    return JSON.parse(
      (
        await t.inject({
          method: 'POST',
          url: '/api/upload/image',
          payload,
          headers: { ...headers, 'access-token': token },
        })
      ).body,
    );
  };

  it('50 parallel one-file uploads: exactly the quota (3) stored, the rest refused', async () => {
    const u = await t.createUser();
    const answers = await Promise.all(Array.from({ length: 50 }, () => upload(u.token, png())));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.key === 'rate_limited')).toHaveLength(47);
    const [row] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from uploaded_images where user_id = $1::bigint`,
      [u.userId],
    );
    expect(row!.n).toBe(3);
  });

  it('all files of one request together stay within UPLOAD_MAX_REQUEST_BYTES', async () => {
    const one = png().length;
    // The limits are read per request from the app's configuration: lowered for this test only.
    const limits = t.app.config.uploads.limits;
    const configured = limits.requestBytes;
    limits.requestBytes = Math.floor(one * 1.5);
    try {
      const u = await t.createUser();
      expect(await upload(u.token, png(), png())).toMatchObject({ code: 422, key: 'upload_too_large' });
      expect((await upload(u.token, png())).code).toBe(200);
      const [row] = await t.database.sql.query<{ n: number }>(
        `select count(*)::int as n from uploaded_images where user_id = $1::bigint`,
        [u.userId],
      );
      expect(row!.n).toBe(1);
    } finally {
      limits.requestBytes = configured;
    }
  });

  it('upload requests per IP are limited (IP_UPLOAD_MAX), whoever the customer', async () => {
    const limits = t.app.config.uploads.limits;
    const configured = limits.perIp;
    limits.perIp = 4;
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await upload((await t.createUser()).token, png()));
      expect(answers.filter((a) => a.code === 200).length).toBeLessThanOrEqual(4);
      expect(answers.at(-1)).toMatchObject({ code: 429, key: 'rate_limited' });
    } finally {
      limits.perIp = configured;
    }
  });
});
