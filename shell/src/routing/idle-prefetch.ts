import { CONTRACT_MAJOR, type RemoteDescriptor, type RemoteName } from '@cardwallet/shared';
import { afterFirstScreen } from '../services/first-screen';

/**
 * Idle-time prefetch of the apps a signed-in customer most likely opens next (issue 24: the first
 * tap on the Card or Wallet tab). After the first page is on screen and the browser is idle, their
 * release's files — manifest, remoteEntry.js, the exposed app's JS and CSS — go into the HTTP cache
 * with `<link rel="prefetch">` (lowest priority, immutable release files). Nothing is executed: the
 * app is not registered as loaded (release telemetry counts a session of an app only when it is
 * loaded, issue 25), a down app costs nothing until its tab is tapped, and a failed prefetch is not
 * replayed to the real load (unlike a failed preload). Skipped signed out, with Save-Data, on 2G.
 */
export const NEXT_APPS: readonly RemoteName[] = ['mf_wallet', 'mf_card'];
export const PREFETCH_MAX_DELAY_MS = 3_000;

type Connection = { saveData?: boolean; effectiveType?: string };

export interface IdlePrefetchDeps {
  descriptor: (name: RemoteName) => RemoteDescriptor | undefined;
  isLoaded: (name: RemoteName) => boolean;
  isLoggedIn: () => boolean;
  currentPath: () => string;
  fetchText?: (url: string) => Promise<string>;
  schedule?: (task: () => void) => void;
  connection?: () => Connection | undefined;
  addLink?: (href: string, as: 'script' | 'style' | 'fetch') => void;
}

const SAFE_FILE = /^[0-9A-Za-z._/+-]{1,300}$/;
const safe = (value: unknown): value is string =>
  typeof value === 'string' && SAFE_FILE.test(value) && !value.includes('..') && !value.startsWith('/');

type Manifest = {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }>;
};

/** The files of a release the shell loads before the first page of that app (as the server's preload hints). */
export function filesOfManifest(manifestUrl: string, text: string): Array<{ href: string; as: 'script' | 'style' }> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return [];
  }
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const out: Array<{ href: string; as: 'script' | 'style' }> = [];
  const entry = manifest.metaData?.remoteEntry;
  if (entry && safe(entry.name)) {
    const dir = safe(entry.path) ? `${entry.path.replace(/\/$/, '')}/` : '';
    out.push({ href: `${base}${dir}${entry.name}`, as: 'script' });
  }
  const app = manifest.exposes?.find((e) => e.name === 'app' || e.name === './app');
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(safe) : []);
  for (const js of list(app?.assets?.js?.sync)) out.push({ href: `${base}${js}`, as: 'script' });
  for (const css of list(app?.assets?.css?.sync)) out.push({ href: `${base}${css}`, as: 'style' });
  return out;
}

function defaultAddLink(href: string, as: 'script' | 'style' | 'fetch'): void {
  if (document.head.querySelector(`link[rel="prefetch"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = as;
  link.href = href;
  document.head.appendChild(link);
}

export async function prefetchNextApps(deps: IdlePrefetchDeps): Promise<string[]> {
  const connection = deps.connection?.();
  if (!deps.isLoggedIn() || connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return [];
  const fetchText = deps.fetchText ?? (async (url: string) => (await fetch(url)).text());
  const addLink = deps.addLink ?? defaultAddLink;
  const done: string[] = [];
  for (const name of NEXT_APPS) {
    const remote = deps.descriptor(name);
    if (!remote || remote.contractMajor !== CONTRACT_MAJOR || deps.isLoaded(name)) continue;
    if (deps.currentPath().startsWith(remote.routePrefix)) continue;
    try {
      // Fetched as the MF runtime fetches it (same URL, same-origin defaults): the tap reads it from the cache.
      const text = await fetchText(remote.manifestUrl);
      for (const file of filesOfManifest(remote.manifestUrl, text)) addLink(file.href, file.as);
      done.push(name);
    } catch {
      // Offline or the app is down: its tab shows the usual error and Retry when tapped.
    }
  }
  return done;
}

/** Schedules `prefetchNextApps` once, after the first screen and when idle. */
export function scheduleIdlePrefetch(deps: IdlePrefetchDeps): void {
  const schedule = deps.schedule ?? ((task: () => void) => afterFirstScreen(task, PREFETCH_MAX_DELAY_MS));
  schedule(() => {
    void prefetchNextApps(deps);
  });
}
