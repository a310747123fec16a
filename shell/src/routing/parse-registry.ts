import { REMOTE_NAMES, type RemoteDescriptor, type RemoteName, type RemoteRegistry } from '@cardwallet/shared';

/**
 * Reads `/remotes.json` (or the registry inlined in the page) without zod: the shell's start-up
 * would otherwise carry zod (~20 KiB gzip) for this one check (issue 24, "less JS before
 * interaction"). Same rules and same output as `remoteRegistrySchema` of
 * `@cardwallet/shared/schemas` — unknown keys dropped — which `parse-registry.test.ts` checks
 * case by case against the schema itself.
 */
export type RegistryParse = { success: true; data: RemoteRegistry } | { success: false; error: string };

const NAMES: readonly string[] = REMOTE_NAMES;
const ROUTE_PREFIX = /^\/pages\/[a-z_-]+\/$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown, max: number): value is string | undefined {
  return value === undefined || (typeof value === 'string' && value.length <= max);
}

function descriptor(raw: unknown, index: number): RemoteDescriptor | string {
  const at = `remotes[${index}]`;
  if (!isObject(raw)) return `${at}: not an object`;
  const { name, routePrefix, manifestUrl, contractMajor, version, releaseId, channel } = raw;
  if (typeof name !== 'string' || !NAMES.includes(name)) return `${at}.name: unknown remote`;
  if (typeof routePrefix !== 'string' || !ROUTE_PREFIX.test(routePrefix)) return `${at}.routePrefix: invalid`;
  if (typeof manifestUrl !== 'string' || manifestUrl.length < 1) return `${at}.manifestUrl: invalid`;
  if (typeof contractMajor !== 'number' || !Number.isSafeInteger(contractMajor) || contractMajor < 0)
    return `${at}.contractMajor: invalid`;
  if (!optionalString(version, 64)) return `${at}.version: invalid`;
  if (!optionalString(releaseId, 80)) return `${at}.releaseId: invalid`;
  if (channel !== undefined && channel !== 'stable' && channel !== 'canary') return `${at}.channel: invalid`;
  const out: RemoteDescriptor = { name: name as RemoteName, routePrefix, manifestUrl, contractMajor };
  if (version !== undefined) out.version = version;
  if (releaseId !== undefined) out.releaseId = releaseId;
  if (channel !== undefined) out.channel = channel;
  return out;
}

export function parseRemoteRegistry(raw: unknown): RegistryParse {
  if (!isObject(raw) || !Array.isArray(raw.remotes)) return { success: false, error: 'remotes: not a list' };
  const remotes: RemoteDescriptor[] = [];
  for (const [index, entry] of raw.remotes.entries()) {
    const parsed = descriptor(entry, index);
    if (typeof parsed === 'string') return { success: false, error: parsed };
    remotes.push(parsed);
  }
  return { success: true, data: { remotes } };
}
