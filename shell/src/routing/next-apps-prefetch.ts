import { CONTRACT_MAJOR, type RemoteDescriptor, type RemoteName } from '@cardwallet/shared';
import {
  filesOfManifest,
  filesOfRoute,
  releaseFolderOf,
  ROUTE_FILES,
  safeReleaseFiles,
  type ReleaseFile,
} from '@cardwallet/shared/release-files';

/**
 * Idle-time prefetch of the apps a signed-in customer most likely opens next (issue 24: the first
 * tap on the Card or Wallet tab). After the first page is on screen and the browser is idle, their
 * release's files — manifest, remoteEntry.js, the exposed app's JS and CSS — go into the HTTP cache
 * with `<link rel="prefetch">` (lowest priority, immutable release files). Nothing is executed: the
 * app is not registered as loaded (release telemetry counts a session of an app only when it is
 * loaded, issue 25), a down app costs nothing until its tab is tapped, and a failed prefetch is not
 * replayed to the real load (unlike a failed preload). Skipped signed out, with Save-Data, on 2G.
 *
 * Beside the app's own files: the tab's landing page (`LANDING_PAGE`) — its chunk group as the
 * release's `route-files.json` lists it (shared/build/route-files.mjs; a release without the file
 * prefetches the rest) — and the app's texts in the reader's language (its `locale-<locale>` chunk),
 * which the first render of that page waits for. This module is its own chunk (`idle-prefetch`),
 * loaded by ./idle-prefetch.ts only when it runs: none of it is in the shell's start chain.
 */
export const NEXT_APPS: readonly RemoteName[] = ['mf_wallet', 'mf_card'];
/** The page a tab opens (`/pages/wallet/index`, `/pages/card/index`). */
export const LANDING_PAGE = 'index';
/**
 * The shell's build list (shell/build/start-files.mjs): `appPage` names the shell's own lazy chunks
 * a feature app's page waits for (query layer, app texts, HTTP client), prefetched with the apps.
 */
export const SHELL_START_FILES = '/start-files.json';

export type Connection = { saveData?: boolean; effectiveType?: string };

export interface IdlePrefetchDeps {
  descriptor: (name: RemoteName) => RemoteDescriptor | undefined;
  isLoaded: (name: RemoteName) => boolean;
  isLoggedIn: () => boolean;
  currentPath: () => string;
  fetchText?: (url: string) => Promise<string>;
  connection?: () => Connection | undefined;
  addLink?: (href: string, as: 'script' | 'style' | 'fetch') => void;
  /** The reader's language (`en-US`…); default: `<html lang>`, which the shell keeps in step. */
  language?: () => string | undefined;
}

type PrefetchFile = ReleaseFile;
const parse = <T>(text: string): T | undefined => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
};

/** The shell's lazy chunks a feature page waits for, from its `start-files.json` (none if absent or malformed). */
export function shellPageFiles(text: string, publicPath = '/'): PrefetchFile[] {
  const appPage = parse<{ appPage?: unknown } | null>(text)?.appPage;
  return safeReleaseFiles(appPage).map((f) => ({
    href: `${publicPath}${f}`,
    as: f.endsWith('.css') ? 'style' : 'script',
  }));
}

function defaultAddLink(href: string, as: 'script' | 'style' | 'fetch'): void {
  if (document.head.querySelector(`link[rel="prefetch"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = as;
  link.href = href;
  document.head.appendChild(link);
}

/** Signed out, Save-Data, 2G: nothing is prefetched. */
export function prefetchAllowed(deps: Pick<IdlePrefetchDeps, 'isLoggedIn' | 'connection'>): boolean {
  const connection = deps.connection?.();
  return deps.isLoggedIn() && !connection?.saveData && !/(^|-)2g$/.test(connection?.effectiveType ?? '');
}

export async function prefetchNextApps(deps: IdlePrefetchDeps): Promise<string[]> {
  if (!prefetchAllowed(deps)) return [];
  const fetchText = deps.fetchText ?? (async (url: string) => (await fetch(url)).text());
  const addLink = deps.addLink ?? defaultAddLink;
  const locale = (deps.language ?? (() => document.documentElement.lang))();
  const done: string[] = [];
  let shellFiles: Promise<string> | undefined;
  for (const name of NEXT_APPS) {
    const remote = deps.descriptor(name);
    if (!remote || remote.contractMajor !== CONTRACT_MAJOR || deps.isLoaded(name)) continue;
    if (deps.currentPath().startsWith(remote.routePrefix)) continue;
    try {
      // Fetched as the MF runtime fetches it (same URL, same-origin defaults): the tap reads it from the cache.
      const routeFiles = fetchText(`${releaseFolderOf(remote.manifestUrl)}${ROUTE_FILES}`).catch(() => '');
      const text = await fetchText(remote.manifestUrl);
      const files = filesOfManifest(remote.manifestUrl, text, locale);
      if (files.length === 0) continue;
      files.push(...filesOfRoute(remote.manifestUrl, await routeFiles, LANDING_PAGE));
      const seen = new Set<string>();
      for (const file of files) if (!seen.has(file.href) && seen.add(file.href)) addLink(file.href, file.as);
      done.push(name);
      // Once, with the first app prefetched: the shell's chunks any feature page waits for.
      if (!shellFiles) {
        shellFiles = fetchText(SHELL_START_FILES).catch(() => '');
        for (const file of shellPageFiles(await shellFiles)) addLink(file.href, file.as);
      }
    } catch {
      // Offline or the app is down: its tab shows the usual error and Retry when tapped.
    }
  }
  return done;
}
