import { CONTRACT_MAJOR, LOCALES } from '@cardwallet/shared';
import { isSafeRelativePath, type ReleaseFile } from './store.js';
import type { FeatureAppInfo } from './apps.js';

/** What a build says about itself (written by shared/build/remote-preset.mjs). */
export interface BuildInfo {
  name: string;
  version?: string;
  routePrefix: string;
  contractVersion: string;
  contractMajor: number;
  featureApp?: { routes: string[]; translations: Record<string, string[] | null> };
}

export interface GateResult {
  ok: boolean;
  /** Human-readable reasons, one per failed gate (English: they go to a team's CI log). */
  reasons: string[];
  buildInfo?: BuildInfo;
}

export const MAX_RELEASE_FILES = 2000;
export const MAX_RELEASE_BYTES = 60 * 1024 * 1024;
const ROUTE_PATH = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function parseJson(file: ReleaseFile | undefined): unknown {
  if (!file) return undefined;
  try {
    return JSON.parse(file.body.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The gates a build passes before it can be registered: it is for this app, built against a
 * contract major the live shell accepts, has its manifest and entry, and its FeatureApp keeps its
 * routes under its own prefix with translations complete in the four locales.
 */
export function checkRelease(
  app: FeatureAppInfo,
  files: ReleaseFile[],
  acceptedMajor: number = CONTRACT_MAJOR,
): GateResult {
  const reasons: string[] = [];
  if (files.length === 0) return { ok: false, reasons: ['the release has no files'] };
  if (files.length > MAX_RELEASE_FILES) reasons.push(`too many files (${files.length} > ${MAX_RELEASE_FILES})`);
  const total = files.reduce((n, f) => n + f.body.length, 0);
  if (total > MAX_RELEASE_BYTES) reasons.push(`too large (${total} bytes > ${MAX_RELEASE_BYTES})`);
  const seen = new Set<string>();
  for (const f of files) {
    if (!isSafeRelativePath(f.path)) reasons.push(`unsafe file path: ${f.path.slice(0, 120)}`);
    if (seen.has(f.path)) reasons.push(`file listed twice: ${f.path.slice(0, 120)}`);
    seen.add(f.path);
  }
  const byPath = new Map(files.map((f) => [f.path, f]));

  const info = parseJson(byPath.get('build-info.json')) as BuildInfo | null | undefined;
  if (info === undefined) reasons.push('build-info.json is missing (build with shared/build/remote-preset.mjs)');
  else if (!info || typeof info !== 'object') reasons.push('build-info.json is not valid JSON');
  else {
    if (info.name !== app.name) reasons.push(`build is of ${String(info.name)}, not ${app.name}`);
    if (info.contractMajor !== acceptedMajor || Number(String(info.contractVersion).split('.')[0]) !== acceptedMajor) {
      reasons.push(
        `built against contract ${String(info.contractVersion)} (major ${String(info.contractMajor)}); the live shell accepts major ${acceptedMajor}`,
      );
    }
    if (info.routePrefix !== app.routePrefix)
      reasons.push(`route prefix ${String(info.routePrefix)} is not the app's own ${app.routePrefix}`);
    const feature = info.featureApp;
    if (!feature || !Array.isArray(feature.routes))
      reasons.push('build-info.json has no FeatureApp description (routes, translations)');
    else {
      if (feature.routes.length === 0) reasons.push('the FeatureApp has no routes');
      const bad = feature.routes.filter((r) => typeof r !== 'string' || !ROUTE_PATH.test(r));
      if (bad.length) reasons.push(`routes outside the app's prefix or malformed: ${bad.slice(0, 5).join(', ')}`);
      const dupes = feature.routes.filter((r, i) => feature.routes.indexOf(r) !== i);
      if (dupes.length) reasons.push(`routes listed twice: ${[...new Set(dupes)].join(', ')}`);
      const catalogues = feature.translations ?? {};
      const reference = catalogues['en-US'];
      for (const locale of LOCALES) {
        const keys = catalogues[locale];
        if (!Array.isArray(keys) || keys.length === 0) {
          reasons.push(`translations for ${locale} are missing`);
          continue;
        }
        if (Array.isArray(reference) && locale !== 'en-US') {
          const have = new Set(keys);
          const missing = reference.filter((k) => !have.has(k));
          const extra = keys.filter((k) => !reference.includes(k));
          if (missing.length)
            reasons.push(`translations for ${locale} lack ${missing.length} key(s): ${missing.slice(0, 5).join(', ')}`);
          if (extra.length)
            reasons.push(
              `translations for ${locale} have ${extra.length} key(s) en-US lacks: ${extra.slice(0, 5).join(', ')}`,
            );
        }
      }
    }
  }

  const manifest = parseJson(byPath.get('mf-manifest.json')) as
    { name?: unknown; metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } } | null | undefined;
  if (manifest === undefined) reasons.push('mf-manifest.json is missing');
  else if (!manifest || typeof manifest !== 'object') reasons.push('mf-manifest.json is not valid JSON');
  else {
    if (manifest.name !== app.name) reasons.push(`mf-manifest.json names ${String(manifest.name)}, not ${app.name}`);
    const entry = manifest.metaData?.remoteEntry;
    const entryPath =
      typeof entry?.name === 'string'
        ? [entry.path, entry.name].filter((s) => typeof s === 'string' && s).join('/')
        : undefined;
    if (!entryPath) reasons.push('mf-manifest.json names no remote entry');
    else if (!byPath.has(entryPath)) reasons.push(`the remote entry ${entryPath} named by the manifest is missing`);
    else if (byPath.get(entryPath)!.body.length === 0) reasons.push(`the remote entry ${entryPath} is empty`);
  }
  return { ok: reasons.length === 0, reasons, ...(info && typeof info === 'object' ? { buildInfo: info } : {}) };
}
