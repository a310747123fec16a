import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { files, multipart, png, removeScratch, useScratchUploads } from './support';

const scratch = useScratchUploads();
process.env.UPLOAD_MAX_PER_DAY = '3';

describe('image upload daily quota (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
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
      return JSON.parse((await t.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, 'access-token': token } })).body);
    };
    expect((await send(a.token)).code).toBe(200);
    expect(await send(a.token)).toMatchObject({ code: 429, key: 'rate_limited', data: { retryAfterSeconds: 3600 } });
    expect((await send(b.token)).code).toBe(200);
    t.clock.advance(86400_000 + 1000);
    expect((await send(a.token)).code).toBe(200);
  });
});
