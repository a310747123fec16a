import {
  filesOfRoute,
  requestPathOf,
  requestsOfRoute,
  ROUTE_FILES,
  type ReleaseRequest,
} from '@cardwallet/shared/release-files';
import type { PreloadHint } from './remote-preload.js';
import type { FirstViewAnswer } from './first-view.js';
import { jsonTextForHtml } from './shell-document.js';

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

/** The GETs the page asks first (the route's `firstRequests` in its release's `route-files.json`). */
export function firstRequestsOf(text: string | undefined, page: string): ReleaseRequest[] {
  return requestsOfRoute(text, page);
}

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's first API requests, started by the browser with the page's files (issue 24: the
 * signed-in deep link waited for the page to render before it asked for its balances).
 *
 * `<link rel="preload" as="fetch" crossorigin="use-credentials" data-early-locale="…">`: the browser
 * fetches the address with the session cookie as soon as it reads the head; the shell takes the
 * answer over at start with `fetch(href, { credentials: 'include' })` (the one request that matches
 * this preload) and hands it to the page's first identical request, under its rules
 * (shell/src/services/early-requests.ts). The shell's own requests (axios, XHR without credentials
 * mode `include`) never match it, so an answer is never given to anything else by the browser.
 *
 * A preload carries no custom header: the API answers it in the language of the browser's
 * `Accept-Language`, without `platform`. The caller announces only when that language is the one
 * the shell will start in (`data-early-locale` names it; the shell checks it again), and routes
 * declare only GETs whose answer does not depend on `platform`. `apiPrefix` is where this process
 * serves the API (`/api/`); nothing when none (the web-only server).
 */
export function requestLinks(apiPrefix: string, requests: ReleaseRequest[], locale: string): string {
  return requests
    .map(
      (request) =>
        `<link rel="preload" href="${escapeAttr(`${apiPrefix}${requestPathOf(request)}`)}" as="fetch" crossorigin="use-credentials" data-early-locale="${escapeAttr(locale)}">`,
    )
    .join('');
}

/**
 * The page's first API answers the server has already made for it (first-view.ts: those its figures
 * were read from), as data in the head rather than requests for the browser to make:
 * `<script type="application/json" data-early-answer="/api/…" data-early-locale="…">` with the
 * answer's body, never run (the CSP without inline script holds). The shell takes each over at
 * start and hands it to the page's first identical request under the same rules as a preloaded
 * answer (shell/src/services/early-requests.ts), so the page does not ask again.
 */
export function answersMarkup(apiPrefix: string, answers: readonly FirstViewAnswer[], locale: string): string {
  return answers
    .map(
      (answer) =>
        `<script type="application/json" data-early-answer="${escapeAttr(`${apiPrefix}${answer.request}`)}" data-early-locale="${escapeAttr(locale)}">${jsonTextForHtml(answer.body)}</script>`,
    )
    .join('');
}
