import type { FirstViewValues } from './first-view.js';
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, isLocale, isRtl, negotiateLocale, type Locale } from '@cardwallet/shared';
import { FRAME_DARK_CSS } from './app-frame-dark.js';
import { routeSkeletonHtml, type RouteSkeletonEntry } from './route-skeleton.js';

/**
 * The app frame painted by the HTML itself, before any script (issue 24): the language and
 * direction on `<html>`, a header with the app's name (text: the first contentful paint — grey
 * boxes alone do not count as content) and a grey page skeleton, and on the four tab pages the tab bar
 * with its translated labels. React replaces it when it renders (createRoot empties `#root`).
 * The rules below repeat the theme's metrics (shared/src/ui/theme.css: body margin, `#root`
 * width, 45 px nav bar, 56 px fixed tab bar) so nothing moves when the real frame takes over.
 */

/** The language cookie the shell writes on every language change (shell/src/services/i18n.ts). */
export const LANGUAGE_COOKIE = 'cw_lang';

const TAB_PATHS = [
  ['home', '/pages/index/index'],
  ['card', '/pages/card/index'],
  ['wallet', '/pages/wallet/index'],
  ['user', '/pages/user/index'],
] as const;

export interface FrameTexts {
  appName: string;
  tabs: Record<(typeof TAB_PATHS)[number][0], string>;
  /** The shell's "log in or register" sentence, painted on a page that needs a session (route-skeleton.ts). */
  loginRequired?: string;
  /** The offline page's texts (older builds have none: English below). */
  offline?: { title: string; body: string; retry: string };
}

/**
 * Critical CSS, inline: an external file would cost a render-blocking round trip. Allowed by the
 * policy's `style-src 'unsafe-inline'` (which the React/antd-mobile style attributes need anyway;
 * a hash beside it would switch 'unsafe-inline' off and break those attributes).
 */
export const FRAME_CSS = [
  'html,body{margin:0;padding:0;background:#f5f6f8}',
  "body{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Noto Sans Arabic','Noto Sans TC',sans-serif;-webkit-text-size-adjust:100%}",
  '#root{max-width:500px;margin-inline:auto;min-height:100vh;background:#f5f6f8;position:relative;overflow-x:clip}',
  '.cwf-head{height:45px;box-sizing:border-box;background:#fff;border-bottom:1px solid #f0f0f0;display:flex;align-items:center;justify-content:center}',
  '.cwf-title{margin:0;font-size:17px;font-weight:500;color:#1d1f24}',
  '.cwf-body{padding:16px}',
  '.cwf-card{height:128px;border-radius:12px;background:#e8e9ec;margin-bottom:16px}',
  '.cwf-line{height:14px;border-radius:7px;background:#e8e9ec;margin-bottom:12px}',
  '.cwf-short{width:60%}',
  '.cwf-tabs{position:fixed;bottom:0;inset-inline:0;max-width:500px;margin:0 auto;background:#fff;border-top:1px solid #eee;padding-bottom:env(safe-area-inset-bottom);display:flex;height:56px}',
  '.cwf-tab{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;font-size:12px;color:#6b6f76}',
  '.cwf-tab i{width:24px;height:24px;border-radius:6px;background:#e8e9ec}',
  '.cwf-on{color:#1d1f24;font-weight:600}',
  FRAME_DARK_CSS, // a dark phone: no white flash before the app's CSS (app-frame-dark.ts)
].join('');

export function frameLocale(cookieValue: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return negotiateLocale(acceptLanguage);
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Which tab a path is (the shell's isTabPath: `/` is home), or undefined for a page without the tab bar. */
export function tabOf(path: string): string | undefined {
  const clean = path === '/' || path === '' ? '/pages/index/index' : path.replace(/\/+$/, '');
  return TAB_PATHS.find(([, p]) => p === clean)?.[0];
}

/**
 * What `#root` holds until React renders: the route's own skeleton when its app described one
 * (route-skeleton.ts), else the generic frame; the tab bar on the four tab pages either way.
 */
export function frameHtml(
  path: string,
  texts: FrameTexts | undefined,
  route?: { skeleton: RouteSkeletonEntry | undefined; locale: Locale; signedIn?: boolean; figures?: FirstViewValues },
): string {
  const tab = tabOf(path);
  const skeleton = route?.skeleton
    ? routeSkeletonHtml(route.skeleton, route.locale, {
        signedIn: route.signedIn,
        loginRequired: texts?.loginRequired,
        figures: route.figures,
      })
    : `<div class="cwf" aria-hidden="true"><div class="cwf-head"><div class="cwf-title">${escapeText(texts?.appName ?? 'CardWallet')}</div></div><div class="cwf-body"><div class="cwf-card"></div><div class="cwf-line"></div><div class="cwf-line cwf-short"></div><div class="cwf-line"></div></div></div>`;
  if (!tab) return skeleton;
  const tabs = TAB_PATHS.map(
    ([name]) =>
      `<span class="cwf-tab${name === tab ? ' cwf-on' : ''}"><i></i>${escapeText(texts?.tabs[name] ?? '')}</span>`,
  ).join('');
  return `${skeleton}<div class="cwf-tabs" aria-hidden="true">${tabs}</div>`;
}

/** dist/frame-texts.json of the shell build (shell/build/frame-texts.mjs), read once per change. */
export class FrameTextsFile {
  private cache: { at: number; texts: Partial<Record<Locale, FrameTexts>> } | undefined;
  constructor(private readonly file: string) {}

  get(locale: Locale): FrameTexts | undefined {
    if (!this.cache || Date.now() - this.cache.at > 5_000) {
      let texts: Partial<Record<Locale, FrameTexts>> = {};
      try {
        texts = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<Record<Locale, FrameTexts>>;
      } catch {
        // An older build without the file: the frame is painted without tab labels.
      }
      this.cache = { at: Date.now(), texts };
    }
    return this.cache.texts[locale] ?? this.cache.texts[DEFAULT_LOCALE];
  }
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}

const OFFLINE_FALLBACK = {
  title: "You're offline",
  body: 'CardWallet needs a connection to show this page. Check your network and try again.',
  retry: 'Try again',
};

const OFFLINE_CSS =
  '.cwo{position:absolute;inset-inline:0;top:45px;padding:32px 24px;text-align:center;background:#f5f6f8;min-height:60vh}' +
  '.cwo h1{font-size:20px;margin:16px 0 8px;color:#1d1f24}.cwo p{margin:0 0 24px;color:#4a4f57;line-height:1.5}' +
  '.cwo a{display:inline-block;padding:10px 24px;border-radius:8px;background:#1d1f24;color:#fff;text-decoration:none;font-size:16px}' +
  '.cwo a:focus-visible{outline:3px solid #3a7bf6;outline-offset:2px}';

/**
 * The offline page (issue 24): the service worker precaches one per language and answers a page
 * navigation with it when the network fails. The app frame of the home page behind a translated
 * message and a "try again" link to the same address (an empty href: no script needed, the CSP
 * holds). No script, so nothing tries the network behind the customer's back.
 */
export function offlineHtml(locale: Locale, texts: FrameTexts | undefined): string {
  const t = texts?.offline ?? OFFLINE_FALLBACK;
  const title = `${escapeText(t.title)} · ${escapeText(texts?.appName ?? 'CardWallet')}`;
  return `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" /><meta name="theme-color" content="#1d1f24" /><title>${title}</title><link rel="manifest" href="/manifest.webmanifest" /><style>${FRAME_CSS}${OFFLINE_CSS}</style></head><body><div id="root">${frameHtml('/', texts)}<main class="cwo"><h1>${escapeText(t.title)}</h1><p>${escapeText(t.body)}</p><a href="">${escapeText(t.retry)}</a></main></div></body></html>`;
}
