import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

describe.each(testDrivers())('smoke on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  it('health', async () => {
    const res = await t.get('system/health');
    expect(res).toMatchObject({ code: 200, data: { status: 'ok', database: driver } });
  });
  it('unknown route', async () => {
    const res = await t.get('nope/nothing', {}, { locale: 'tr-TR' });
    expect(res.code).toBe(404);
    expect(res.key).toBe('not_found');
  });
});
