import { filesOfRoute, ROUTE_FILES } from '@cardwallet/shared/release-files';
import type { PreloadHint } from './remote-preload.js';

/**
 * The page's own chunk group on a feature app's route (issue 24, the signed-in deep link): the
 * release's `route-files.json` (shared/build/route-files.mjs) names, per route of the app's table,
 * the files its lazy `import()` loads — the page chunk, the antd-mobile pieces split out of it and
 * their CSS. Announced after the remote chain, so they arrive with it instead of one round trip
 * after the app has run (the MF manifest lists the app's async chunks, not which one is which page).
 * Only when the page will render (the caller decides, as for the app's texts); a release without the
 * file, an unknown page or a malformed list: nothing.
 *
 * Chunks are classic `<script>` tags without `crossorigin` and CSS `<link rel=stylesheet>`, as the
 * remote's chunk loader adds them: `as=script` / `as=style`, no `crossorigin` (one download each).
 */
export { ROUTE_FILES };

/** The page of a route path under the app's prefix (`/pages/wallet/index` → `index`), else undefined. */
export function pageOf(path: string, routePrefix: string): string | undefined {
  if (!path.startsWith(routePrefix)) return undefined;
  const page = path.slice(routePrefix.length).replace(/\/+$/, '');
  return /^[A-Za-z0-9_-]{1,80}$/.test(page) ? page : undefined;
}

/** The hints of one page's chunk group from the release's `route-files.json` text (never throws). */
export function hintsFromRouteFiles(manifestUrl: string, text: string | undefined, page: string): PreloadHint[] {
  return filesOfRoute(manifestUrl, text, page);
}
