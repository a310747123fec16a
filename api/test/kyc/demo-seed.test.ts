import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoSeeds } from '../../src/sandbox/demo-seeds';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { removeScratch, useScratchUploads } from './support';

const scratch = useScratchUploads();

describe.each(testDrivers())('kyc demo seed on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
    removeScratch(scratch);
  });

  it('verifies the demo customer to level 2 through the sandbox provider (level 1 submission, signed GREEN webhook)', async () => {
    const demo = await t.createUser({ email: 'demo-kyc@cardwallet.test' });
    const report = await runDemoSeeds(t.app, { userId: demo.userId });
    expect(report.failed).toEqual([]);
    expect(report.ran).toContain('kyc');
    const status = await t.get('kyc/status', {}, { token: demo.token });
    expect(status.data).toMatchObject({
      level: 2,
      level1: { state: 'verified', details: { firstName: 'Alex', lastName: 'Morgan', birthDate: '1990-05-14' } },
      level2: { state: 'verified' },
    });
    const [user] = await t.database.sql.query<{ birth_date: string }>(
      `select birth_date::text as birth_date from users where id = $1::bigint`,
      [demo.userId],
    );
    expect(user!.birth_date).toBe('1990-05-14');
    // The decision came in as a provider webhook, applied once.
    const events = await t.database.sql.query<{ type: string; applied: boolean }>(
      `select type, applied from kyc_webhook_events order by event_created_at, id`,
    );
    expect(events.filter((e) => e.type === 'applicantReviewed' && e.applied)).toHaveLength(1);
    const [image] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from uploaded_images where user_id = $1::bigint`,
      [demo.userId],
    );
    expect(image!.n).toBe(1);
  });
});
