import { describe, expect, it } from 'vitest';
import { remoteRegistrySchema } from '@cardwallet/shared/schemas';
import { parseRemoteRegistry } from './parse-registry';

const good = {
  name: 'mf_card',
  routePrefix: '/pages/card/',
  manifestUrl: '/remotes/mf_card/r1/mf-manifest.json',
  contractMajor: 1,
};

// Each case goes through both: the shell's zod-free reader must agree with the shared schema.
const CASES: Array<[string, unknown]> = [
  ['empty list', { remotes: [] }],
  ['one app', { remotes: [good] }],
  ['release fields', { remotes: [{ ...good, version: '1.2.3', releaseId: 'r-1', channel: 'canary' }] }],
  ['unknown keys dropped', { cohort: 'anon', remotes: [{ ...good, extra: 'x' }] }],
  ['not an object', 'remotes'],
  ['null', null],
  ['remotes not a list', { remotes: {} }],
  ['entry not an object', { remotes: [1] }],
  ['unknown app', { remotes: [{ ...good, name: 'mf_evil' }] }],
  ['prefix outside /pages', { remotes: [{ ...good, routePrefix: '/admin/' }] }],
  ['prefix without trailing slash', { remotes: [{ ...good, routePrefix: '/pages/card' }] }],
  ['empty manifest url', { remotes: [{ ...good, manifestUrl: '' }] }],
  ['manifest url a number', { remotes: [{ ...good, manifestUrl: 5 }] }],
  ['negative major', { remotes: [{ ...good, contractMajor: -1 }] }],
  ['fractional major', { remotes: [{ ...good, contractMajor: 1.5 }] }],
  ['major as text', { remotes: [{ ...good, contractMajor: '1' }] }],
  ['version too long', { remotes: [{ ...good, version: 'v'.repeat(65) }] }],
  ['version at its limit', { remotes: [{ ...good, version: 'v'.repeat(64) }] }],
  ['release id too long', { remotes: [{ ...good, releaseId: 'r'.repeat(81) }] }],
  ['unknown channel', { remotes: [{ ...good, channel: 'beta' }] }],
  ['second entry bad', { remotes: [good, { ...good, name: 42 }] }],
];

describe('parseRemoteRegistry (no zod on the start path)', () => {
  for (const [label, raw] of CASES) {
    it(`agrees with remoteRegistrySchema: ${label}`, () => {
      const expected = remoteRegistrySchema.safeParse(raw);
      const actual = parseRemoteRegistry(raw);
      expect(actual.success).toBe(expected.success);
      if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
    });
  }
});
