/**
 * What the page of a feature app's route can announce before any script runs (issue 24): the
 * app's `mf-manifest.json`, its `remoteEntry.js` and the sync files of its exposed module, read
 * from the release's manifest. Without these the browser finds them one after another (shell JS →
 * manifest → entry → exposed module): three round trips on a phone.
 *
 * Each hint matches how the file is later requested, or the browser downloads it twice: the
 * manifest is `fetch(url, {})` by the MF runtime (CORS mode, same-origin credentials:
 * `as=fetch crossorigin`); the entry and the chunks are classic `<script>` tags without a
 * `crossorigin` attribute (`as=script`); CSS files `<link rel=stylesheet>` (`as=style`).
 */
import { filesOfManifest, safeReleaseFiles } from '@cardwallet/shared/release-files';

export interface PreloadHint {
  href: string;
  as: 'fetch' | 'script' | 'style';
  crossorigin?: boolean;
}

/**
 * The hints of one remote from its manifest's text (never throws: a bad manifest gives the manifest hint only).
 * `locale`: also the app's texts in that language (its `locale-<locale>` chunk, contract 1.2), which the
 * shell loads before the page renders — only when the page will render (the caller decides: a
 * signed-out visitor on a page that needs a session sees the log-in view and would waste it).
 */
export function hintsFromManifest(
  manifestUrl: string,
  manifestText: string | undefined,
  locale?: string,
): PreloadHint[] {
  return [{ href: manifestUrl, as: 'fetch', crossorigin: true }, ...filesOfManifest(manifestUrl, manifestText, locale)];
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function preloadLinks(hints: PreloadHint[]): string {
  return hints
    .map((h) => `<link rel="preload" href="${escapeAttr(h.href)}" as="${h.as}"${h.crossorigin ? ' crossorigin' : ''}>`)
    .join('');
}

/** The attribute of the `<template>` whose links the shell's start loader adds once the page has painted. */
const AFTER_PAINT_ATTRIBUTE = 'data-cw-after-paint';

/**
 * The hints as the page carries them: inert, in a `<template>` that the shell's start loader
 * (shell/src/start/start-loader.js) adds to the head once the HTML frame has been painted, just
 * before it starts main.js (issue 24). A page without the loader (the dev server) never adds them:
 * the app then finds its files itself, as without hints.
 *
 * Why they wait for the paint: Lighthouse's simulation (lantern) counts a high-priority script or
 * stylesheet that finished downloading before the observed first paint as render-blocking, unless
 * it sees that script evaluated after the paint — and it drops tasks under 10 ms, so the small
 * chunks of the start chain (2–14 KiB each) are never seen evaluated. On a fast link (loopback, a
 * CDN) the files arrive before the paint, and the simulation charges their download on slow 4G to
 * FCP and LCP though the frame never waited for them: the same page measured 0.7 s or 1.9 s from
 * run to run. Started at the paint they cannot precede it. On a phone the paint comes tens of
 * milliseconds after the HTML, and the chain's download takes over a second, so they start
 * almost as early as from the head (docs/performance.md, "Reading Lighthouse").
 */
export function afterPaintHints(hints: PreloadHint[]): string {
  return hints.length ? `<template ${AFTER_PAINT_ATTRIBUTE}>${preloadLinks(hints)}</template>` : '';
}

/** A path we announce in a header: our own build's file names only (no quote, comma, `;`, `>` or space). */
const HEADER_SAFE_HREF = /^\/[0-9A-Za-z._/+-]{1,300}$/;

/**
 * The same hints as `Link` header values (RFC 8288), for `103 Early Hints`: the browser may start
 * them while the server is still making the page. A path that could break out of the header is
 * dropped, never escaped into it.
 */
export function linkHeaderValues(hints: PreloadHint[]): string[] {
  return hints
    .filter((h) => HEADER_SAFE_HREF.test(h.href) && !h.href.includes('..'))
    .map((h) => `<${h.href}>; rel=preload; as=${h.as}${h.crossorigin ? '; crossorigin' : ''}`);
}

/**
 * Manifests by URL, kept in memory: a release's files never change (a new release is a new
 * path), so one read per release. Bounded, oldest dropped first.
 */
export class ManifestCache {
  private readonly texts = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly read: (manifestUrl: string) => Promise<string | undefined>,
    private readonly max = 64,
  ) {}

  get(manifestUrl: string): Promise<string | undefined> {
    let text = this.texts.get(manifestUrl);
    if (!text) {
      text = this.read(manifestUrl).catch(() => undefined);
      // A missing manifest is not remembered (it may be published a moment later).
      void text.then((t) => {
        if (t === undefined) this.texts.delete(manifestUrl);
      });
      this.texts.set(manifestUrl, text);
      if (this.texts.size > this.max) this.texts.delete(this.texts.keys().next().value!);
    }
    return text;
  }
}

/**
 * The shell's own start chain (dist/start-files.json, written by shell/build/start-files.mjs):
 * the bootstrap chunk and the shared modules it consumes, which the browser would otherwise find
 * one level at a time after main.js runs. Re-read when the build changes (checked every 5 s).
 */
export class StartFilesFile {
  private cache:
    | {
        at: number;
        hints: PreloadHint[];
        locales: Record<string, PreloadHint[]>;
        home: PreloadHint[];
        appPage: PreloadHint[];
        /** The held markup of each (locale, home, appPage) asked for since this parse. */
        markup: Map<string, string>;
      }
    | undefined;
  constructor(
    private readonly readText: () => string | undefined,
    private readonly publicPath = '/',
  ) {}

  private toHints(list: unknown): PreloadHint[] {
    return safeReleaseFiles(list).map((f) => ({
      href: `${this.publicPath}${f}`,
      as: f.endsWith('.css') ? ('style' as const) : ('script' as const),
    }));
  }

  /**
   * The start chain, then the texts chunk of `locale` (the language the shell will start in), then
   * on the home route (`home`) the home page's own chunk — which the shell would otherwise ask for
   * only after it has started (issue 24: one round trip less before the home page paints); with
   * `appPage` (a feature app's route, signed in) the shell's lazy chunks such a page waits for.
   */
  hints(locale?: string, home = false, appPage = false): PreloadHint[] {
    const cache = this.current();
    const withLocale = locale && cache.locales[locale] ? [...cache.hints, ...cache.locales[locale]] : cache.hints;
    return [...withLocale, ...(home ? cache.home : []), ...(appPage ? cache.appPage : [])];
  }

  /**
   * `hints(…)` as the page's held template (afterPaintHints), made once per combination and build:
   * the same few hundred bytes go into every page, so they are not rebuilt per request.
   */
  heldMarkup(locale?: string, home = false, appPage = false): string {
    const { markup } = this.current();
    const key = `${locale ?? ''}\0${home}\0${appPage}`;
    let html = markup.get(key);
    if (html === undefined) {
      html = afterPaintHints(this.hints(locale, home, appPage));
      // Bounded by the combinations a language cookie can ask for (an unknown one has no texts).
      if (markup.size < 64) markup.set(key, html);
    }
    return html;
  }

  private current(): NonNullable<StartFilesFile['cache']> {
    if (!this.cache || Date.now() - this.cache.at > 5_000) {
      let hints: PreloadHint[] = [];
      let homeHints: PreloadHint[] = [];
      let appPageHints: PreloadHint[] = [];
      const locales: Record<string, PreloadHint[]> = {};
      try {
        const parsed = JSON.parse(this.readText() ?? '{}') as {
          files?: unknown;
          locales?: Record<string, unknown>;
          home?: unknown;
          appPage?: unknown;
        };
        hints = this.toHints(parsed.files);
        for (const [l, list] of Object.entries(parsed.locales ?? {})) locales[l] = this.toHints(list);
        homeHints = this.toHints(parsed.home);
        appPageHints = this.toHints(parsed.appPage);
      } catch {
        // An older build without the file: the browser finds the chain itself.
      }
      this.cache = { at: Date.now(), hints, locales, home: homeHints, appPage: appPageHints, markup: new Map() };
    }
    return this.cache;
  }
}
