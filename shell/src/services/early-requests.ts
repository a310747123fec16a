/**
 * A page's first API answers, requested while its code loads, or made by the server with the page (issue 24, the signed-in deep link:
 * the wallet's balances were asked only after its page had rendered). A route declares the GETs its
 * page asks first (`firstRequests`, shared/src/contract.ts); its release lists them
 * (`route-files.json`); the server announces them in the page as
 * `<link rel="preload" as="fetch" crossorigin="use-credentials" data-early-locale>` (api/src/web/route-preload.ts),
 * so the browser fetches them with the page's files. Here the shell takes each answer over at start
 * (`fetch(href, { credentials: 'include' })`, the one request that matches such a preload; the HTTP
 * client's XHRs never do) and hands it to the page's first identical request (http-client.ts). An
 * answer the server has already made for the page (the one its figures were drawn from) comes as
 * data instead, `<script type="application/json" data-early-answer data-early-locale>`, and is
 * handed over the same way, under the same rules:
 *
 * - same method (GET), address and params, sent without a token (the cookie session), in the
 *   language the answer was made in;
 * - same session: the signed-in user when it was started; any change of user (logout, another tab
 *   signing in) drops every answer;
 * - at most MAX_AGE_MS old (in flight counts from its start), used once, kept in this tab's memory only;
 * - only a success is handed over: an error, a 401, a network failure or an unreadable answer is
 *   dropped and the page sends its own request, which behaves exactly as without this (its own 401
 *   modal, its own retry, its own headers).
 */
export const MAX_AGE_MS = 5_000;

/** What the early request got: its HTTP status and body text, or a network failure. */
export type EarlyOutcome = { ok: true; status: number; text: string } | { ok: false };

export interface EarlyRequests {
  /**
   * The answer for `key` (requestKey) if one may be used for a request in `locale` now; it is used
   * up either way. Resolves undefined when the session changed while it was awaited.
   */
  take(key: string, locale: string): Promise<EarlyOutcome | undefined> | undefined;
  /** How many answers are still waiting (diagnostics and tests). */
  size(): number;
}

export interface EarlyRequestsDeps {
  doc?: Document | undefined;
  /** The HTTP client's base URL (only links below it are taken). */
  apiBaseUrl: () => string;
  /** The signed-in user now (null signed out). */
  user: () => string | null;
  /** Called on every session change. */
  subscribe: (listener: () => void) => unknown;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Entry {
  locale: string;
  user: string | null;
  startedAt: number;
  settledAt?: number;
  answer: Promise<EarlyOutcome>;
}

/** One form for an address and its params: absolute, query sorted by name (params after the URL's own). */
export function requestKey(url: string, params?: Record<string, string | number | boolean>, base?: string): string {
  const u = new URL(url, base ?? (typeof document === 'undefined' ? 'http://localhost/' : document.baseURI));
  const query = new URLSearchParams(u.search);
  for (const [name, value] of Object.entries(params ?? {})) query.append(name, String(value));
  const sorted = [...query.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(sorted).toString();
  return `GET ${u.origin}${u.pathname}${search ? `?${search}` : ''}`;
}

export function startEarlyRequests(deps: EarlyRequestsDeps): EarlyRequests {
  const doc = deps.doc ?? (typeof document === 'undefined' ? undefined : document);
  const now = deps.now ?? (() => Date.now());
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const entries = new Map<string, Entry>();
  if (!doc) return { take: () => undefined, size: () => 0 };

  const base = new URL(deps.apiBaseUrl(), doc.baseURI).href;
  const startUser = deps.user();
  for (const link of Array.from(
    doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][data-early-locale]'),
  )) {
    // Always taken over, even when it will not be used: no preload of a customer's data stays
    // in the page for a later request to match.
    const href = link.href;
    const locale = link.dataset.earlyLocale ?? '';
    link.remove();
    const answer = doFetch(href, { credentials: 'include' }).then(
      async (response): Promise<EarlyOutcome> => ({ ok: true, status: response.status, text: await response.text() }),
      (): EarlyOutcome => ({ ok: false }),
    );
    if (!href.startsWith(base) || link.crossOrigin !== 'use-credentials') continue;
    const key = requestKey(href);
    if (entries.has(key)) continue;
    const entry: Entry = { locale, user: startUser, startedAt: now(), answer };
    void answer.then(() => (entry.settledAt = now()));
    entries.set(key, entry);
  }
  // Answers the server has already made for the page (api/src/web/route-preload.ts answersMarkup:
  // those its figures were read from), as data: ready now, under the same rules as a fetched one.
  for (const element of Array.from(
    doc.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-early-answer]'),
  )) {
    const href = new URL(element.dataset.earlyAnswer ?? '', doc.baseURI).href;
    const text = element.textContent ?? '';
    const locale = element.dataset.earlyLocale ?? '';
    // Taken out like the links: a customer's data is not left in the page for anything later.
    element.remove();
    if (!href.startsWith(base)) continue;
    const key = requestKey(href);
    if (entries.has(key)) continue;
    const at = now();
    entries.set(key, {
      locale,
      user: startUser,
      startedAt: at,
      settledAt: at,
      answer: Promise.resolve({ ok: true, status: 200, text }),
    });
  }
  // Another person (or nobody) now: nothing fetched for the previous session may be used.
  deps.subscribe(() => {
    for (const [key, entry] of entries) if (entry.user !== deps.user()) entries.delete(key);
  });

  return {
    take(key, locale) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      const age = now() - (entry.settledAt ?? entry.startedAt);
      if (entry.user !== deps.user() || entry.locale !== locale || age > MAX_AGE_MS) return undefined;
      return entry.answer.then((outcome) => (entry.user === deps.user() ? outcome : undefined));
    },
    size: () => entries.size,
  };
}
