import { REMOTE_NAMES, type RemoteName } from '@cardwallet/shared';

/** The feature apps: registry name, URL/store folder name, source folder, route prefix. */
export const FEATURE_APPS = [
  { name: 'mf_card', short: 'card', dir: 'mf-card', routePrefix: '/pages/card/' },
  { name: 'mf_wallet', short: 'wallet', dir: 'mf-wallet', routePrefix: '/pages/wallet/' },
  { name: 'mf_user', short: 'user', dir: 'mf-user', routePrefix: '/pages/user/' },
  { name: 'mf_share', short: 'share', dir: 'mf-share', routePrefix: '/pages/share/' },
  { name: 'mf_passport', short: 'passport', dir: 'mf-passport', routePrefix: '/pages/passport/' },
] as const satisfies ReadonlyArray<{ name: RemoteName; short: string; dir: string; routePrefix: string }>;

export type FeatureAppInfo = (typeof FEATURE_APPS)[number];

export function appByName(name: string): FeatureAppInfo | undefined {
  return FEATURE_APPS.find((a) => a.name === name);
}

export function appByShort(short: string): FeatureAppInfo | undefined {
  return FEATURE_APPS.find((a) => a.short === short);
}

/** Accepts `mf_card`, `mf-card` or `card`. */
export function resolveAppName(input: string): FeatureAppInfo | undefined {
  return FEATURE_APPS.find((a) => a.name === input || a.dir === input || a.short === input);
}

// Keep in step with the contract: every remote the shell knows is releasable.
if (FEATURE_APPS.length !== REMOTE_NAMES.length) throw new Error('FEATURE_APPS and REMOTE_NAMES disagree');
