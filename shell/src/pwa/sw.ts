/// <reference lib="webworker" />
/**
 * The shell's service worker (Workbox), built by shell/build/service-worker.mjs into dist/sw.js
 * with the precache list of that build. Routes: see sw-routes.ts. Update: a new worker installs
 * beside the running one and WAITS (no clients.claim; skipWaiting only when a page sends
 * SKIP_WAITING after the customer accepted the update prompt, then that page reloads): an open page
 * keeps the files of the build it started with; the next start gets the new worker. The HTML is always
 * fresh from the network, so it never refers to a build whose files are missing — a hashed file
 * the precache lacks is fetched and kept by the cache-first route.
 */
import { cacheNames } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { LANGUAGE_COOKIE, offlineLocale, offlineUrl, routeOf } from './sw-routes';
import { SKIP_WAITING } from './register';

declare const self: ServiceWorkerGlobalScope & { __CW_PRECACHE: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__CW_PRECACHE);
cleanupOutdatedCaches();

const origin = self.location.origin;

registerRoute(
  ({ url, request }) => routeOf(url, origin, request.method, request.mode) === 'shell-file',
  new CacheFirst({
    cacheName: `${cacheNames.prefix}-shell-files`,
    plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => routeOf(url, origin, request.method, request.mode) === 'release-file',
  new CacheFirst({
    cacheName: `${cacheNames.prefix}-releases`,
    // Immutable: kept until evicted by count (every release of five apps, several deep).
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

async function languageCookie(): Promise<string | undefined> {
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  try {
    return (await store?.get(LANGUAGE_COOKIE))?.value;
  } catch {
    return undefined;
  }
}

// The update prompt (register.ts): only when the customer accepts does this worker stop waiting.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Navigation preload: the browser starts the page's request while the worker boots, so the
// worker adds no start-up time to a navigation.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable().catch(() => undefined) ?? Promise.resolve());
});

// Pages: the network as the browser asked (per-client HTML, never from our cache); the
// translated offline page when the network is not there.
registerRoute(
  ({ url, request }) => routeOf(url, origin, request.method, request.mode) === 'page',
  async ({ request, event }) => {
    try {
      const preloaded = (await (event as FetchEvent | undefined)?.preloadResponse) as Response | undefined;
      return preloaded ?? (await fetch(request));
    } catch (error) {
      const locale = offlineLocale(await languageCookie(), self.navigator.languages ?? []);
      const page = await matchPrecache(offlineUrl(locale));
      if (page) return page;
      throw error;
    }
  },
);
