/**
 * What the service worker (sw.ts) does with a request, as pure functions so they are unit-tested
 * without a worker. Rules (issue 24, docs/performance.md "Installable and offline"):
 * - the shell's hashed files and the release store's files are immutable: cache first, for ever
 *   (bounded in count);
 * - the HTML (per client: its cohort's registry is in it) and `/remotes.json` are never answered
 *   from a cache the worker keeps — they go to the network as the page asked, under their own
 *   HTTP cache rule; only when the network fails does a page navigation get the offline page;
 * - `/api/*`, the live stream and anything cross-origin: not touched.
 */

export const LOCALES = ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'] as const;
export type OfflineLocale = (typeof LOCALES)[number];

/** The language cookie the shell writes on every language change (shell/src/services/i18n.ts). */
export const LANGUAGE_COOKIE = 'cw_lang';

export type RouteKind = 'shell-file' | 'release-file' | 'page' | 'network';

const SHELL_FILE = /^\/static\/(js|css|media)\/[^/]+\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** `/remotes/<app>/<release id>/<file>`: the release store (api/src/web/release-serving.ts). */
const RELEASE_FILE = /^\/remotes\/[a-z]+\/[0-9A-Za-z.+-]{1,80}\/[^?#]+$/;

export function routeOf(url: URL, origin: string, method: string, mode: string): RouteKind {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const path = url.pathname;
  if (mode === 'navigate') return path === '/' || path.startsWith('/pages/') ? 'page' : 'network';
  if (SHELL_FILE.test(path)) return 'shell-file';
  // Release files are immutable, but the manifest of a web-only server's dev build
  // (`/remotes/<app>/mf-manifest.json`, no release id) is not: it does not match.
  if (RELEASE_FILE.test(path) && !path.endsWith('/remotes.json')) return 'release-file';
  return 'network';
}

/** The offline page's language: the shell's stored choice (cookie), else the browser's. */
export function offlineLocale(cookieValue: string | undefined, languages: readonly string[]): OfflineLocale {
  if (cookieValue && (LOCALES as readonly string[]).includes(cookieValue)) return cookieValue as OfflineLocale;
  for (const language of languages) {
    const lower = language.toLowerCase();
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split('-')[0];
    if (base === 'zh') return 'zh-HK';
    const byBase = LOCALES.find((l) => l.toLowerCase().startsWith(`${base}-`));
    if (byBase) return byBase;
  }
  return 'en-US';
}

export function offlineUrl(locale: OfflineLocale): string {
  return `/offline/${locale}`;
}
