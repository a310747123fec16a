import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { files, multipart, png, removeScratch, sign, kycTestEnv, useScratchUploads } from './support';

const scratch = useScratchUploads();

describe.each(testDrivers())('KYC level 2 (provider flow + webhook) on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, kycTestEnv(scratch));
  });
  afterAll(async () => {
    await t?.close();
    removeScratch(scratch);
  });

  // One identity backs one account (docs/kyc.md): every customer here has a document of their own.
  let documents = 0;
  async function verifiedLevel1(documentNumber = `5334${String(++documents).padStart(4, '0')}6`) {
    const u = await t.createUser();
    const { payload, headers } = multipart(files(png()));
    const up = JSON.parse(
      (
        await t.inject({
          method: 'POST',
          url: '/api/upload/image',
          payload,
          headers: { ...headers, 'access-token': u.token },
        })
      ).body,
    );
    const res = await t.post(
      'kyc/level1',
      {
        country: 'GB',
        documentType: 'passport',
        firstName: 'Alex',
        lastName: 'Morgan',
        documentNumber,
        birthDate: '1990-05-14',
        documentImages: [up.data.files[0].id],
      },
      { token: u.token },
    );
    expect(res.code).toBe(200);
    return { ...u, documentNumber };
  }

  /** What the customer does on the provider's hosted page (the iframe), through its own routes. */
  async function providerFlow(flowUrl: string, typedNumber: string) {
    const token = new URLSearchParams(flowUrl.split('#')[1]).get('accessToken')!;
    const page = await t.inject({ method: 'GET', url: flowUrl.split('#')[0]! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const applicant = JSON.parse(
      (await t.inject({ method: 'GET', url: '/sandbox-provider/kyc/applicant', headers: { 'x-access-token': token } }))
        .body,
    );
    expect(applicant).toMatchObject({ ok: true, firstName: 'Alex', lastName: 'Morgan', reviewStatus: 'init' });
    const form = multipart([
      { name: 'documentNumber', data: typedNumber },
      { name: 'document', filename: 'doc.png', type: 'image/png', data: png() },
      { name: 'selfie', filename: 'me.png', type: 'image/png', data: png() },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/sandbox-provider/kyc/submit',
      payload: form.payload,
      headers: { ...form.headers, 'x-access-token': token },
    });
    return JSON.parse(res.body);
  }
  const deliver = () => t.post('dev/kyc/deliver', {});
  const status = (token: string) => t.get('kyc/status', {}, { token }).then((r) => r.data);

  it('needs level 1 first; the token is short-lived and per applicant', async () => {
    const newcomer = await t.createUser();
    expect(await t.post('kyc/level2/accessToken', {}, { token: newcomer.token })).toMatchObject({
      code: 403,
      key: 'kyc1_required',
    });
    const u = await verifiedLevel1();
    const a = await t.post('kyc/level2/accessToken', { locale: 'ar-AE' }, { token: u.token });
    expect(a.code).toBe(200);
    expect(a.data.flowUrl).toMatch(/^\/sandbox-provider\/kyc\/sdk\?lang=ar-AE#accessToken=sbx_/);
    expect(new Date(a.data.expiresAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(600_000);
    const token = a.data.token;
    t.clock.advance(601_000);
    const expired = JSON.parse(
      (await t.inject({ method: 'GET', url: '/sandbox-provider/kyc/applicant', headers: { 'x-access-token': token } }))
        .body,
    );
    expect(expired).toEqual({ ok: false, error: 'expired' });
    t.clock.advance(-601_000);
    const b = await t.post('kyc/level2/accessToken', {}, { token: u.token });
    expect(b.data.token).not.toBe(token);
  });

  it('GREEN through the hosted flow and the signed webhook raises the level to 2', async () => {
    const u = await verifiedLevel1();
    const tok = await t.post('kyc/level2/accessToken', {}, { token: u.token });
    expect(await providerFlow(tok.data.flowUrl, u.documentNumber.replace(/(\d{3})(?=\d)/g, '$1 '))).toEqual({
      ok: true,
    });
    await deliver();
    // The review takes time at the provider: pending first (and it survives a reload — it is ours).
    let s = await status(u.token);
    if (s.level2.state !== 'verified') {
      expect(s.level2.state).toBe('pending');
      expect(await t.post('kyc/level2/accessToken', {}, { token: u.token })).toMatchObject({ key: 'kyc2_in_review' });
      t.clock.advance(10);
      await deliver();
      s = await status(u.token);
    }
    expect(s.level).toBe(2);
    expect(s.level2.state).toBe('verified');
    expect(await t.post('kyc/level2/accessToken', {}, { token: u.token })).toMatchObject({
      key: 'kyc2_already_verified',
    });
  });

  it('RED RETRY shows the comment and lets the customer try again; FINAL does not', async () => {
    const u = await verifiedLevel1();
    const tok = await t.post('kyc/level2/accessToken', {}, { token: u.token });
    await providerFlow(tok.data.flowUrl, '999999999');
    t.clock.advance(10);
    await deliver();
    let s = await status(u.token);
    expect(s.level2).toMatchObject({
      state: 'failed',
      rejectType: 'RETRY',
      canRetry: true,
      rejectLabels: ['DOCUMENT_NUMBER_MISMATCH'],
    });
    expect(s.level2.moderationComment).toContain('does not match');
    expect(await t.post('kyc/level2/accessToken', {}, { token: u.token })).toMatchObject({
      key: 'kyc2_retry_not_allowed',
    });
    expect((await t.post('kyc/level2/retry', {}, { token: u.token })).code).toBe(200);
    t.clock.advance(10);
    await deliver(); // applicantReset
    s = await status(u.token);
    expect(s.level2.state).toBe('not_verified');
    const again = await t.post('kyc/level2/accessToken', {}, { token: u.token });
    expect(await providerFlow(again.data.flowUrl, u.documentNumber)).toEqual({ ok: true });
    t.clock.advance(10);
    await deliver();
    expect((await status(u.token)).level).toBe(2);

    const stolen = await verifiedLevel1('123459999');
    const tok2 = await t.post('kyc/level2/accessToken', {}, { token: stolen.token });
    await providerFlow(tok2.data.flowUrl, '123459999');
    t.clock.advance(10);
    await deliver();
    s = await status(stolen.token);
    expect(s.level2).toMatchObject({ state: 'failed', rejectType: 'FINAL', canRetry: false });
    expect(await t.post('kyc/level2/retry', {}, { token: stolen.token })).toMatchObject({
      key: 'kyc2_final_rejection',
    });
    expect(s.level).toBe(1);
  });

  describe('webhook contract', () => {
    async function applicantOf(u: { token: string; userId: string }) {
      await t.post('kyc/level2/accessToken', {}, { token: u.token });
      const [row] = await t.database.sql.query<{ applicant_id: string }>(
        `select applicant_id from kyc2_applicants where user_id = $1::bigint`,
        [u.userId],
      );
      return row!.applicant_id;
    }
    const event = (applicantId: string, type: string, at: Date, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        type,
        applicantId,
        externalUserId: 'x',
        levelName: 'cardwallet-level2',
        reviewStatus: 'completed',
        createdAtMs: at.toISOString(),
        ...extra,
      });
    const send = (body: string, headers: Record<string, string>) =>
      t.inject({ method: 'POST', url: '/api/kyc/webhook', payload: body, headers }).then((r) => JSON.parse(r.body));

    it('refuses unsigned, mis-signed, wrongly keyed, unknown-algorithm and stale calls', async () => {
      const u = await verifiedLevel1();
      const id = await applicantOf(u);
      const body = event(id, 'applicantReviewed', t.clock.now(), { reviewResult: { reviewAnswer: 'GREEN' } });
      expect(await send(body, { 'content-type': 'application/json' })).toMatchObject({
        code: 401,
        key: 'webhook_signature_invalid',
      });
      const good = sign(body);
      expect(
        await send(body, {
          ...good,
          'x-payload-digest': good['x-payload-digest']!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        }),
      ).toMatchObject({ key: 'webhook_signature_invalid' });
      expect(await send(body, sign(body, 'another-secret'))).toMatchObject({ key: 'webhook_signature_invalid' });
      expect(await send(body, { ...good, 'x-payload-digest-alg': 'HMAC_MD5_HEX' })).toMatchObject({
        key: 'webhook_signature_invalid',
      });
      expect(await send(`${body} `, good)).toMatchObject({ key: 'webhook_signature_invalid' }); // raw bytes, not the parsed JSON
      const old = event(id, 'applicantReviewed', new Date(t.clock.now().getTime() - 3 * 86400_000), {
        reviewResult: { reviewAnswer: 'GREEN' },
      });
      expect(await send(old, sign(old))).toMatchObject({ key: 'webhook_stale' });
      const future = event(id, 'applicantReviewed', new Date(t.clock.now().getTime() + 3600_000), {
        reviewResult: { reviewAnswer: 'GREEN' },
      });
      expect(await send(future, sign(future))).toMatchObject({ key: 'webhook_stale' });
      expect((await status(u.token)).level).toBe(1);
      // The caller cannot choose the algorithm (KYC_WEBHOOK_ALGORITHM fixes it): a correct SHA-512
      // or SHA-1 signature naming its algorithm is refused when SHA-256 is configured.
      const { createHmac } = await import('node:crypto');
      const signedWith = (algo: string, name: string) => ({
        'content-type': 'application/json',
        'x-payload-digest': createHmac(algo, 'cardwallet-sandbox-kyc-webhook-secret').update(body).digest('hex'),
        'x-payload-digest-alg': name,
      });
      expect(await send(body, signedWith('sha512', 'HMAC_SHA512_HEX'))).toMatchObject({
        key: 'webhook_signature_invalid',
      });
      expect(await send(body, signedWith('sha1', 'HMAC_SHA1_HEX'))).toMatchObject({ key: 'webhook_signature_invalid' });
      expect((await status(u.token)).level).toBe(1);
      expect(await send(body, good)).toMatchObject({ code: 200, data: { applied: true } });
      expect((await status(u.token)).level).toBe(2);
    });

    it('is idempotent on redelivery and applies events in creation order', async () => {
      const u = await verifiedLevel1();
      const id = await applicantOf(u);
      const t0 = t.clock.now();
      const pending = event(id, 'applicantPending', new Date(t0.getTime() - 2000), { reviewStatus: 'pending' });
      const red = event(id, 'applicantReviewed', new Date(t0.getTime() - 1000), {
        reviewResult: {
          reviewAnswer: 'RED',
          reviewRejectType: 'RETRY',
          rejectLabels: ['BAD_SELFIE'],
          moderationComment: 'Please take a clearer selfie.',
        },
      });
      // Out of order: the decision arrives before the older "pending".
      expect(await send(red, sign(red))).toMatchObject({ code: 200, data: { duplicate: false, applied: true } });
      expect(await send(pending, sign(pending))).toMatchObject({
        code: 200,
        data: { duplicate: false, applied: false },
      });
      let s = await status(u.token);
      expect(s.level2).toMatchObject({
        state: 'failed',
        rejectType: 'RETRY',
        moderationComment: 'Please take a clearer selfie.',
      });
      // Redelivery of the same event: recognised, nothing applied twice.
      expect(await send(red, sign(red))).toMatchObject({ code: 200, data: { duplicate: true, applied: false } });
      const [n] = await t.database.sql.query<{ n: number }>(
        `select count(*)::int as n from kyc_webhook_events where applicant_id = $1`,
        [id],
      );
      expect(n!.n).toBe(2);
      // Concurrent redeliveries of a GREEN after a reset: exactly one applies.
      expect((await t.post('kyc/level2/retry', {}, { token: u.token })).code).toBe(200);
      const green = event(id, 'applicantReviewed', new Date(t.clock.now().getTime() + 1000), {
        reviewResult: { reviewAnswer: 'GREEN' },
      });
      const results = await Promise.all([1, 2, 3].map(() => send(green, sign(green))));
      expect(results.filter((r) => r.data?.duplicate === false)).toHaveLength(1);
      s = await status(u.token);
      expect(s.level).toBe(2);
      // A late RED after GREEN changes nothing.
      const lateRed = event(id, 'applicantReviewed', new Date(t.clock.now().getTime() + 2000), {
        reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL' },
      });
      expect(await send(lateRed, sign(lateRed))).toMatchObject({ data: { applied: false } });
      expect((await status(u.token)).level).toBe(2);
    });

    it('answers malformed but signed bodies with invalid_params, unknown applicants without effect', async () => {
      const junk = '{"type":"nope"}';
      expect(await send(junk, sign(junk))).toMatchObject({ code: 422 });
      const stranger = event('no-such-applicant', 'applicantReviewed', t.clock.now(), {
        reviewResult: { reviewAnswer: 'GREEN' },
      });
      expect(await send(stranger, sign(stranger))).toMatchObject({ code: 200, data: { applied: false } });
    });
  });

  it("another customer's applicant is never reachable", async () => {
    const a = await verifiedLevel1();
    const b = await verifiedLevel1();
    const tokA = await t.post('kyc/level2/accessToken', {}, { token: a.token });
    // B retrying or asking for a token only ever concerns B's own applicant.
    expect(await t.post('kyc/level2/retry', {}, { token: b.token })).toMatchObject({ key: 'kyc2_retry_not_allowed' });
    const tokB = await t.post('kyc/level2/accessToken', {}, { token: b.token });
    const [ra, rb] = await t.database.sql.query<{ user_id: string; applicant_id: string }>(
      `select user_id::text as user_id, applicant_id from kyc2_applicants where user_id in ($1::bigint, $2::bigint) order by user_id`,
      [a.userId, b.userId],
    );
    expect(ra!.applicant_id).not.toBe(rb!.applicant_id);
    expect(tokA.data.token).not.toBe(tokB.data.token);
    // A's provider token shows A's applicant only.
    const tokenA = new URLSearchParams(tokA.data.flowUrl.split('#')[1]).get('accessToken')!;
    const seen = JSON.parse(
      (await t.inject({ method: 'GET', url: '/sandbox-provider/kyc/applicant', headers: { 'x-access-token': tokenA } }))
        .body,
    );
    expect(seen.ok).toBe(true);
  });
});
