import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveHub, type LiveNotice } from '../../src/events/live-hub';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { files, multipart, png, removeScratch, sign, useScratchUploads } from './support';

const scratch = useScratchUploads();

/**
 * KYC decisions are domain events (docs/kyc.md "Decisions"): recorded in the decision's own
 * transaction, once however often the provider repeats itself, turned into a message in the
 * reader's language and announced live. One verified identity backs one account.
 */
describe.each(testDrivers())('KYC decisions and identities on %s', (driver) => {
  let t: TestApp;
  let hub: LiveHub;
  const notices: LiveNotice[] = [];
  beforeAll(async () => {
    t = await createTestApp(driver);
    hub = new LiveHub();
    await hub.start(t.database, t.app.config.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
    await t?.close();
    removeScratch(scratch);
  });

  let n = 0;
  const uniqueNumber = () => `6${String(Date.now() % 1e6).padStart(6, '0')}${String(++n).padStart(2, '0')}`;

  async function level1(documentNumber: string, u?: { token: string; userId: string }) {
    u ??= await t.createUser();
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
    expect(res.code, res.msg).toBe(200);
    return u;
  }
  const events = (userId: string) =>
    t.database.sql.query<{ type: string; payload: Record<string, unknown> }>(
      `select type, payload from domain_events where user_id = $1::bigint and type like 'kyc.%' order by id`,
      [userId],
    );
  const applicantOf = async (userId: string) =>
    (
      await t.database.sql.query<{ applicant_id: string }>(
        `select applicant_id from kyc2_applicants where user_id = $1::bigint`,
        [userId],
      )
    )[0]!.applicant_id;
  const review = (applicantId: string, at: Date, result: Record<string, unknown>) =>
    JSON.stringify({
      type: 'applicantReviewed',
      applicantId,
      levelName: 'cardwallet-level2',
      reviewStatus: 'completed',
      createdAtMs: at.toISOString(),
      reviewResult: result,
    });
  const send = (body: string) =>
    t
      .inject({ method: 'POST', url: '/api/kyc/webhook', payload: body, headers: sign(body) })
      .then((r) => JSON.parse(r.body));
  const messages = async (token: string, locale: string) => {
    await t.app.events.drain('notifications', 100);
    return (await t.get('notifications/messages', {}, { token, locale })).data.data as {
      title: string;
      body: string;
      link: string;
    }[];
  };

  it('level 1 verified → one event, a message in the reader’s language and a live notice at commit', async () => {
    const u = await t.createUser();
    const unsubscribe = hub.subscribe(u.userId, (x) => notices.push(x));
    await level1(uniqueNumber(), u);
    expect((await events(u.userId)).map((e) => e.type)).toEqual(['kyc.level1_verified']);
    await expect
      .poll(() => notices.filter((x) => x.userId === u.userId).map((x) => x.type))
      .toContain('kyc.level1_verified');
    unsubscribe();
    expect((await messages(u.token, 'zh-HK')).map((m) => [m.title, m.link])).toEqual([
      ['身份已驗證', '/pages/user/kyc'],
    ]);
    expect((await messages(u.token, 'tr-TR'))[0]!.title).toBe('Kimlik doğrulandı');
    // A failed submission decides nothing: no event.
    const failed = await t.createUser();
    const { payload, headers } = multipart(files(png()));
    const up = JSON.parse(
      (
        await t.inject({
          method: 'POST',
          url: '/api/upload/image',
          payload,
          headers: { ...headers, 'access-token': failed.token },
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
        documentNumber: '123450000',
        birthDate: '1990-05-14',
        documentImages: [up.data.files[0].id],
      },
      { token: failed.token },
    );
    expect(res.key).toBe('kyc_document_mismatch');
    expect(await events(failed.userId)).toEqual([]);
  });

  it('level 2 approved once however often the provider repeats it; rejections once per decision', async () => {
    const u = await level1(uniqueNumber());
    expect((await t.post('kyc/level2/accessToken', {}, { token: u.token })).code).toBe(200);
    const id = await applicantOf(u.userId);
    const t0 = t.clock.now().getTime();
    const red = review(id, new Date(t0 - 5000), {
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectLabels: ['BAD_SELFIE'],
    });
    // The same RED twice at once and again later, and the same decision resent with another timestamp.
    await Promise.all([send(red), send(red)]);
    await send(red);
    await send(
      review(id, new Date(t0 - 4000), { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['BAD_SELFIE'] }),
    );
    expect((await events(u.userId)).map((e) => e.type)).toEqual(['kyc.level1_verified', 'kyc.level2_rejected']);
    expect((await messages(u.token, 'ar-AE'))[0]).toMatchObject({
      title: 'لم تتم الموافقة على التحقق المتقدم',
      link: '/pages/user/kyc-lv2-fail',
    });

    expect((await t.post('kyc/level2/retry', {}, { token: u.token })).code).toBe(200);
    const green = review(id, new Date(t0 - 1000), { reviewAnswer: 'GREEN' });
    const results = await Promise.all(Array.from({ length: 5 }, () => send(green)));
    expect(results.every((r) => r.code === 200)).toBe(true);
    await send(review(id, new Date(t0), { reviewAnswer: 'GREEN' })); // another delivery of the approval, other bytes
    expect((await events(u.userId)).map((e) => e.type)).toEqual([
      'kyc.level1_verified',
      'kyc.level2_rejected',
      'kyc.level2_approved',
    ]);
    expect((await messages(u.token, 'en-US'))[0]).toMatchObject({
      title: 'Advanced verification approved',
      link: '/pages/user/kyc-lv2-success',
    });
    expect((await t.get('kyc/status', {}, { token: u.token })).data.level).toBe(2);
  });

  it('a decision that rolls back leaves no event (recorded in the decision’s transaction)', async () => {
    const u = await level1(uniqueNumber());
    await t.post('kyc/level2/accessToken', {}, { token: u.token });
    const id = await applicantOf(u.userId);
    // Make the decision's last statement fail: the approval, its level and its event go together.
    await t.database.sql.query(
      `alter table kyc_webhook_events add constraint test_no_apply check (applied = false or applicant_id <> '${id}')`,
    );
    try {
      const res = await send(review(id, t.clock.now(), { reviewAnswer: 'GREEN' }));
      expect(res.code).not.toBe(200);
    } finally {
      await t.database.sql.query(`alter table kyc_webhook_events drop constraint test_no_apply`);
    }
    expect((await events(u.userId)).map((e) => e.type)).toEqual(['kyc.level1_verified']);
    expect((await t.get('kyc/status', {}, { token: u.token })).data.level).toBe(1);
  });

  it('one identity backs one account: a second account is refused, spelled differently or at the same moment', async () => {
    const number = uniqueNumber();
    const a = await level1(number);
    const b = await level1(`${number.slice(0, 3)} ${number.slice(3)}`.toLowerCase());
    expect((await t.post('kyc/level2/accessToken', {}, { token: a.token })).code).toBe(200);
    const refused = await t.post('kyc/level2/accessToken', {}, { token: b.token, locale: 'zh-HK' });
    expect(refused).toMatchObject({ key: 'kyc_identity_in_use', msg: expect.stringContaining('只可驗證一個帳戶') });
    expect(await t.database.sql.query(`select 1 from kyc2_applicants where user_id = $1::bigint`, [b.userId])).toEqual(
      [],
    );
    // The same account asking again is fine; the number is nowhere in clear in the claim.
    expect((await t.post('kyc/level2/accessToken', {}, { token: a.token })).code).toBe(200);
    const claims = await t.database.sql.query<{ identity_hash: string }>(
      `select identity_hash from kyc_identities where user_id = $1::bigint`,
      [a.userId],
    );
    expect(claims).toHaveLength(1);
    expect(claims[0]!.identity_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(claims[0]!.identity_hash).not.toContain(number);

    // Ten accounts with one document ask at the same moment: exactly one gets the provider's flow.
    const shared = uniqueNumber();
    const racers = await Promise.all(Array.from({ length: 10 }, () => level1(shared)));
    const answers = await Promise.all(racers.map((r) => t.post('kyc/level2/accessToken', {}, { token: r.token })));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.key === 'kyc_identity_in_use')).toHaveLength(9);
    const [{ n }] = (await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from kyc2_applicants where user_id = any($1::bigint[])`,
      [racers.map((r) => r.userId)],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('an approval the provider gives anyway (applicant from before the rule) keeps the level but marks the duplicate', async () => {
    const number = uniqueNumber();
    const first = await level1(number);
    const late = await level1(number);
    expect((await t.post('kyc/level2/accessToken', {}, { token: first.token })).code).toBe(200);
    // `late` started level 2 before the rule existed: its applicant is already at the provider.
    await t.database.sql.query(
      `insert into kyc2_applicants (user_id, provider, applicant_id, level_name, status) values ($1::bigint, 'sandbox', $2, 'cardwallet-level2', 'pending')`,
      [late.userId, `pre-rule-${late.userId}`],
    );
    expect(await send(review(`pre-rule-${late.userId}`, t.clock.now(), { reviewAnswer: 'GREEN' }))).toMatchObject({
      code: 200,
      data: { applied: true },
    });
    expect((await t.get('kyc/status', {}, { token: late.token })).data.level).toBe(2);
    expect(
      await t.database.sql.query(
        `select held_by::text as held_by from kyc_identity_duplicates where user_id = $1::bigint`,
        [late.userId],
      ),
    ).toEqual([{ held_by: first.userId }]);
  });
});
