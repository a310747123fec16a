import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { createTestApp, TEST_PRODUCTION_TOTP_SECRET, TEST_SIGNING_SECRET, type TestApp } from '../support/harness';

/** HSTS in production over https; production requires the trust-proxy setting (issue 43). */
describe('transport security', () => {
  it('production requires TRUST_PROXY', () => {
    const prod = {
      APP_MODE: 'production',
      ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
      ADMIN_TOTP_SECRET: TEST_PRODUCTION_TOTP_SECRET,
      SIGNING_SECRET: TEST_SIGNING_SECRET,
      ALLOWED_HOSTS: 'wallet.example.com',
      OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
    };
    expect(() => loadConfig(prod)).toThrow(/TRUST_PROXY: is required outside sandbox/);
    expect(loadConfig({ ...prod, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  describe('Strict-Transport-Security (pglite)', () => {
    let prod: TestApp;
    let sandbox: TestApp;
    beforeAll(async () => {
      [prod, sandbox] = await Promise.all([
        createTestApp('pglite', { APP_MODE: 'production', ADMIN_PASSWORD: 'Correct-Horse-Battery-9' }),
        createTestApp('pglite', { TRUST_PROXY: '127.0.0.1' }),
      ]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([prod?.close(), sandbox?.close()]);
    });
    const hsts = async (t: TestApp, headers: Record<string, string>) =>
      (await t.inject({ method: 'GET', url: '/api/system/health', headers })).headers['strict-transport-security'];

    it('production over https (a trusted proxy says so) sends it; over http, or a forged header from an untrusted address, or the sandbox: not', async () => {
      expect(await hsts(prod, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
      expect(await hsts(prod, {})).toBeUndefined();
      const untrusted = await prod.inject({
        method: 'GET',
        url: '/api/system/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.9',
      });
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
      expect(await hsts(sandbox, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    });
  });
});
