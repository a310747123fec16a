import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION_CODE } from '@cardwallet/shared';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../support/harness';

/** app/version drives the shell's upgrade popup: offered above the latest, forced below the minimum. */
describe('app/version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { APP_LATEST_VERSION_CODE: '1140', APP_MIN_VERSION_CODE: '1139' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers the upgrade to an older build, and requires it below the minimum', async () => {
    expect((await t.get(`app/version?versionCode=${APP_VERSION_CODE}`)).data).toEqual({
      latestVersionCode: 1140,
      minimumVersionCode: 1139,
      upgradeAvailable: true,
      upgradeRequired: true,
    });
    expect((await t.get('app/version?versionCode=1139')).data).toMatchObject({
      upgradeAvailable: true,
      upgradeRequired: false,
    });
    expect((await t.get('app/version?versionCode=1140')).data).toMatchObject({
      upgradeAvailable: false,
      upgradeRequired: false,
    });
  });

  it('refuses a missing or malformed version code with the invalid-params envelope', async () => {
    expect((await t.get('app/version')).code).toBe(422);
    expect((await t.get('app/version?versionCode=abc')).code).toBe(422);
  });

  it('defaults to the shipped version code, and a minimum above the latest is a configuration error', () => {
    expect(loadConfig({}).appVersion).toEqual({ latest: APP_VERSION_CODE, minimum: APP_VERSION_CODE });
    expect(() => loadConfig({ APP_LATEST_VERSION_CODE: '1138', APP_MIN_VERSION_CODE: '1139' })).toThrow(ConfigError);
  });
});
