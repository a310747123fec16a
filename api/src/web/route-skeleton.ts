import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  FIRST_VIEW_FIGURES,
  type DrawnTotal,
  type FirstViewFigure,
  type Locale,
} from '@cardwallet/shared';
import { formatUsd } from '@cardwallet/shared/money-format';
import { money } from '../ledger/money.js';
import type { FirstViewValues } from './first-view.js';

/**
 * Each route's own skeleton in the page's first response (issue 24). The app that owns a route
 * describes its layout next to the route (`skeleton` in its route table, contract 1.2), its build
 * writes them with their titles translated into `skeletons.json` of its release
 * (shared/build/route-skeletons.mjs), and this file draws one into `#root`: the title as real text
 * (the largest contentful element the HTML paints), the rest grey blocks of the real page's sizes.
 * A release without the file, or a route without a skeleton, gets the generic frame (app-frame.ts).
 */

/** The file each build emits next to its mf-manifest.json (the shell's in shell/dist). */
export const SKELETONS_FILE = 'skeletons.json';

const translated = z.record(z.string(), z.string().max(200));
// Bounds keep a malformed or hostile release from making the page heavy: the HTML budget is 6 KiB.
const when = { when: z.enum(['signedIn', 'signedOut']).optional() };
const block = z.discriminatedUnion('kind', [
  z.object({ ...when, kind: z.literal('card'), height: z.number().int().min(8).max(480) }),
  z.object({
    ...when,
    kind: z.literal('list'),
    rows: z.number().int().min(1).max(8),
    rowHeight: z.number().int().min(24).max(120).optional(),
  }),
  z.object({ ...when, kind: z.literal('form'), fields: z.number().int().min(1).max(6) }),
  z.object({ ...when, kind: z.literal('lines'), count: z.number().int().min(1).max(6) }),
  z.object({ ...when, kind: z.literal('tiles'), count: z.number().int().min(1).max(5) }),
  z.object({ ...when, kind: z.literal('button') }),
  z.object({ ...when, kind: z.literal('text'), text: translated }),
  z.object({ ...when, kind: z.literal('notice'), text: translated }),
  z.object({
    ...when,
    kind: z.literal('figure'),
    height: z.number().int().min(8).max(480),
    label: translated,
    figure: z.enum(FIRST_VIEW_FIGURES),
    sub: translated.optional(),
    subFigure: z.enum(FIRST_VIEW_FIGURES).optional(),
  }),
  z.object({
    ...when,
    kind: z.literal('total'),
    height: z.number().int().min(8).max(480),
    title: translated,
    hint: translated,
    parts: z
      .array(z.object({ label: translated, figure: z.enum(FIRST_VIEW_FIGURES) }))
      .min(1)
      .max(4),
  }),
  z.object({
    ...when,
    kind: z.literal('bullets'),
    title: translated,
    items: z.array(translated).min(1).max(6),
    foot: translated.optional(),
    actions: z.union([z.literal(1), z.literal(2)]).optional(),
  }),
]);
const routeSkeleton = z.object({
  header: z.enum(['bar', 'page', 'hero', 'none']),
  title: translated.optional(),
  subtitle: translated.optional(),
  auth: z.boolean().optional(),
  blocks: z.array(block).max(12),
});
const skeletonsFile = z.object({ version: z.literal(1), routes: z.record(z.string(), z.unknown()) });

export type RouteSkeletonEntry = z.infer<typeof routeSkeleton>;
export type SkeletonBlockEntry = z.infer<typeof block>;

/**
 * The routes of one skeletons.json, each checked on its own: one bad route falls back to the
 * generic frame without costing the others theirs. Unreadable JSON → no routes.
 */
export function parseSkeletons(text: string | undefined): Map<string, RouteSkeletonEntry> {
  const routes = new Map<string, RouteSkeletonEntry>();
  if (!text) return routes;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return routes;
  }
  const file = skeletonsFile.safeParse(json);
  if (!file.success) return routes;
  for (const [key, value] of Object.entries(file.data.routes)) {
    const route = routeSkeleton.safeParse(value);
    if (route.success) routes.set(key, route.data);
  }
  return routes;
}

/**
 * The blocks' rules, by what uses them: a page carries only those of its own skeleton (the HTML
 * budget is 6 KiB). Sizes are the real pages' at a phone's width (theme.css: 12 px page margins,
 * 12 px radii, 44 px inputs and buttons, 56 px list rows). Logical properties only (RTL).
 */
const RULES = {
  route: '.cwf-route{padding:12px}.cwf-route .cwf-card{margin-bottom:12px}',
  h1: '.cwf-h1{margin:0 0 6px;font-size:26px;font-weight:700;line-height:1.2;color:#1d1f24}',
  page: '.cwf-top{padding:48px 20px 0;margin-bottom:4px}.cwf-top p{margin:0;font-size:14px;color:#4a4f57}',
  hero: '.cwf-hero{background:#1d1f24;padding:32px 20px 28px}.cwf-hero .cwf-h1{margin:0;font-size:24px;line-height:normal;color:#fff}.cwf-hero p{margin:8px 0 0;font-size:13px;color:#c9ccd1}',
  gate: '.cwf-gate{padding:48px 24px;display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}.cwf-gate p{margin:0;font-size:13px;line-height:1.5;color:#4a4f57}.cwf-gate .cwf-line{width:60%;margin:0}.cwf-gate .cwf-btn{align-self:stretch;margin:0}.cwf-icon{width:48px;height:48px;border-radius:50%;margin:0}',
  list: '.cwf-list{background:#fff;border-radius:12px;margin-bottom:12px;padding-inline:16px}.cwf-row{display:flex;align-items:center;border-bottom:1px solid #f0f0f0}.cwf-row:last-child{border-bottom:0}.cwf-row .cwf-line{flex:1;margin:0}',
  form: '.cwf-label{width:30%;height:12px;margin-bottom:8px}.cwf-field{height:44px;border-radius:8px}',
  button: '.cwf-btn{height:44px;border-radius:8px}',
  tiles: '.cwf-tiles{display:flex;gap:12px;margin-bottom:12px}.cwf-tiles .cwf-card{flex:1;height:64px;margin:0}',
  text: '.cwf-text{margin:0 0 12px;font-size:14px;line-height:1.5;color:#4a4f57}',
  // The home page's tip and offers card (shell/src/pages/home/home.css): the same boxes, fonts and
  // line heights, so React's texts come out exactly as large as these and the LCP stays the HTML's.
  notice:
    '.cwf-notice{display:flex;gap:8px;align-items:flex-start;margin-bottom:12px;padding:10px 12px;border-radius:10px;background:#fff8e0;color:#5c4300;font-size:13px;line-height:1.5}.cwf-notice i{flex:none;width:18px;height:18px;margin-block-start:2px;border-radius:50%;border:2px solid currentColor;box-sizing:border-box;opacity:.8}.cwf-notice p{margin:0}',
  // The wallet's hero (mf-wallet styles/wallet.css .wallet-hero): the same box and type, so React's
  // page takes its place without a shift. Dark in both themes, as the real one.
  figure:
    '.cwf-fig{box-sizing:border-box;margin-bottom:12px;padding:20px;border-radius:12px;background:#1d1f24;color:#fff}.cwf-fig p{margin:8px 0 0;font-size:13px;line-height:1.5;color:#e6e6e6}.cwf-fig .cwf-fig-label{margin:0;font-size:14px;line-height:normal}.cwf-fig .cwf-fig-amount{font-size:28px;font-weight:600;line-height:normal;color:#fff}.cwf-fig bdi{unicode-bidi:isolate;direction:ltr}',
  // The home page's balance card (shell/src/pages/home/home.css .cw-home-balance): the same box,
  // type and three columns, so the shell's card (which keeps these figures until its own answers are
  // in) takes its place without a shift.
  total:
    '.cwf-total{box-sizing:border-box;margin:0 0 12px;padding:16px;border-radius:12px;background:#1d1f24;color:#fff}.cwf-total p{margin:0;font-size:14px;font-weight:500;color:#e6e6e6}.cwf-total .cwf-total-amount{margin:6px 0 2px;font-size:30px;font-weight:700;color:#fff;font-variant-numeric:tabular-nums}.cwf-total .cwf-total-hint{margin:0 0 12px;font-size:12px;font-weight:400;color:#d0d0d0}.cwf-total dl{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:0}.cwf-total dl div{min-inline-size:0}.cwf-total dt{font-size:12px;color:#d0d0d0}.cwf-total dd{margin:2px 0 0;font-size:14px;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}.cwf-total bdi{unicode-bidi:isolate;direction:ltr}',
  bullets:
    '.cwf-panel{background:#fff;border-radius:12px;margin-bottom:12px;padding:12px 16px;color:#333}.cwf-panel-h{margin:4px 0 10px;font-size:15px;font-weight:600}.cwf-bullets{margin:0;padding:0;list-style:none;display:grid;gap:10px}.cwf-bullets li{position:relative;padding-inline-start:22px;font-size:14px;line-height:1.5}.cwf-bullets li::before{content:"";position:absolute;inset-inline-start:2px;inset-block-start:5px;width:10px;height:10px;border-radius:50%;background:#f5b800;box-shadow:0 0 0 2px #fff4cc}.cwf-panel p{margin:14px 0 10px;font-size:14px;color:#555}.cwf-actions{display:flex;gap:12px}.cwf-actions .cwf-card{flex:1;height:42px;margin:0;border-radius:8px}',
} as const;

/** Every rule (tests: right-to-left safety). */
export const SKELETON_CSS = Object.values(RULES).join('');

const styles = new WeakMap<RouteSkeletonEntry, string>();
const stylesSignedOut = new WeakMap<RouteSkeletonEntry, string>();

function shownBlocks(skeleton: RouteSkeletonEntry, signedIn: boolean | undefined): SkeletonBlockEntry[] {
  return skeleton.blocks.filter((b) => !b.when || (b.when === 'signedIn') === Boolean(signedIn));
}

/**
 * The customer's figures this skeleton would draw for a signed-in visitor (none: no session check
 * needed). A page open to everyone (home) has them in blocks shown only when signed in.
 */
export function figuresOf(skeleton: RouteSkeletonEntry | undefined): FirstViewFigure[] {
  const names = new Set<FirstViewFigure>();
  if (skeleton)
    for (const b of shownBlocks(skeleton, true))
      if (b.kind === 'figure') {
        names.add(b.figure);
        if (b.subFigure) names.add(b.subFigure);
      } else if (b.kind === 'total') for (const part of b.parts) names.add(part.figure);
  return [...names];
}

/** The `<style>` a page with this skeleton needs beside the frame's (none without a skeleton). */
export function skeletonStyle(skeleton: RouteSkeletonEntry | undefined, opts: { signedIn?: boolean } = {}): string {
  if (!skeleton) return '';
  // A page that needs a session, for a client not known signed in, shows the log-in view's layout.
  const gated = skeleton.auth !== false && !opts.signedIn;
  const cache = opts.signedIn ? styles : stylesSignedOut;
  let css = gated ? undefined : cache.get(skeleton);
  if (css === undefined) {
    const used = new Set<keyof typeof RULES>(['route']);
    if (skeleton.header === 'page') used.add('h1').add('page');
    if (skeleton.header === 'hero') used.add('h1').add('hero');
    if (gated) used.add('gate').add('button');
    else
      for (const b of shownBlocks(skeleton, opts.signedIn)) if (b.kind in RULES) used.add(b.kind as keyof typeof RULES);
    css = `<style>${[...used].map((k) => RULES[k]).join('')}</style>`;
    if (!gated) cache.set(skeleton, css);
  }
  return css;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function textIn(texts: Record<string, string> | undefined, locale: Locale): string {
  return texts?.[locale] ?? texts?.[DEFAULT_LOCALE] ?? '';
}

/** An amount of the customer's, isolated left to right inside any sentence (ar-AE). */
function amountHtml(amount: string, locale: Locale): string {
  return `<bdi dir="ltr">${escapeText(formatUsd(locale, amount))}</bdi>`;
}

type TotalBlock = Extract<SkeletonBlockEntry, { kind: 'total' }>;

/** A total block's parts and their exact sum, or undefined unless every part is to hand. */
function totalAmounts(b: TotalBlock, figures: FirstViewValues | undefined) {
  const parts = b.parts.map((part) => figures?.[part.figure]);
  // All parts or none: a total missing one of them would be a wrong balance, not a partial one.
  if (parts.some((a) => a === undefined)) return undefined;
  const total = parts.reduce((sum, a) => sum.plus(money(a!)), money('0')).toFixed(2);
  return { total, parts: parts as string[] };
}

/**
 * The total a signed-in page's HTML draws, as the page's data (FIRST_VIEW_ELEMENT_ID): the same
 * texts and amounts as the drawn markup, for the shell to keep on screen after React has replaced
 * it. Undefined when the page draws none.
 */
export function drawnTotalOf(
  skeleton: RouteSkeletonEntry | undefined,
  locale: Locale,
  figures: FirstViewValues | undefined,
): DrawnTotal | undefined {
  if (!skeleton || !figures) return undefined;
  const b = shownBlocks(skeleton, true).find((block): block is TotalBlock => block.kind === 'total');
  const amounts = b && totalAmounts(b, figures);
  if (!b || !amounts) return undefined;
  return {
    title: textIn(b.title, locale),
    amount: formatUsd(locale, amounts.total),
    hint: textIn(b.hint, locale),
    parts: b.parts.map((part, i) => ({
      label: textIn(part.label, locale),
      amount: formatUsd(locale, amounts.parts[i]!),
    })),
  };
}

function blockHtml(b: SkeletonBlockEntry, locale: Locale, figures: FirstViewValues | undefined): string {
  switch (b.kind) {
    case 'card':
      return `<div class="cwf-card" style="height:${b.height}px"></div>`;
    case 'figure': {
      const amount = figures?.[b.figure];
      // Not known (signed out, a session that did not check out, books not answering in time): grey.
      if (amount === undefined) return `<div class="cwf-card" style="height:${b.height}px"></div>`;
      const subAmount = b.subFigure ? figures?.[b.subFigure] : undefined;
      const sub =
        b.sub && subAmount !== undefined
          ? `<p>${escapeText(textIn(b.sub, locale))} ${amountHtml(subAmount, locale)}</p>`
          : '';
      return `<div class="cwf-fig" style="height:${b.height}px" data-figure="${b.figure}"><p class="cwf-fig-label">${escapeText(textIn(b.label, locale))}</p><p class="cwf-fig-amount">${amountHtml(amount, locale)}</p>${sub}</div>`;
    }
    case 'total': {
      const amounts = totalAmounts(b, figures);
      if (!amounts) return `<div class="cwf-card" style="height:${b.height}px"></div>`;
      const parts = b.parts
        .map(
          (part, i) =>
            `<div><dt>${escapeText(textIn(part.label, locale))}</dt><dd data-figure="${part.figure}" data-amount="${escapeText(amounts.parts[i]!)}">${amountHtml(amounts.parts[i]!, locale)}</dd></div>`,
        )
        .join('');
      return `<div class="cwf-total" data-total="${amounts.total}"><p>${escapeText(textIn(b.title, locale))}</p><p class="cwf-total-amount">${amountHtml(amounts.total, locale)}</p><p class="cwf-total-hint">${escapeText(textIn(b.hint, locale))}</p><dl>${parts}</dl></div>`;
    }
    case 'list': {
      const row = `<div class="cwf-row" style="height:${b.rowHeight ?? 56}px"><div class="cwf-line"></div></div>`;
      return `<div class="cwf-list">${row.repeat(b.rows)}</div>`;
    }
    case 'form':
      return '<div class="cwf-line cwf-label"></div><div class="cwf-card cwf-field"></div>'.repeat(b.fields);
    case 'lines':
      return Array.from({ length: b.count }, (_, i) =>
        i % 2 ? '<div class="cwf-line cwf-short"></div>' : '<div class="cwf-line"></div>',
      ).join('');
    case 'tiles':
      return `<div class="cwf-tiles">${'<div class="cwf-card"></div>'.repeat(b.count)}</div>`;
    case 'button':
      return '<div class="cwf-card cwf-btn"></div>';
    case 'text':
      return `<p class="cwf-text">${escapeText(textIn(b.text, locale))}</p>`;
    case 'notice':
      return `<div class="cwf-notice"><i></i><p>${escapeText(textIn(b.text, locale))}</p></div>`;
    case 'bullets': {
      const items = b.items.map((item) => `<li>${escapeText(textIn(item, locale))}</li>`).join('');
      const foot = b.foot ? `<p>${escapeText(textIn(b.foot, locale))}</p>` : '';
      const actions = b.actions
        ? `<div class="cwf-actions">${'<div class="cwf-card"></div>'.repeat(b.actions)}</div>`
        : '';
      return `<div class="cwf-panel"><div class="cwf-panel-h">${escapeText(textIn(b.title, locale))}</div><ul class="cwf-bullets">${items}</ul>${foot}${actions}</div>`;
    }
  }
}

/**
 * The route's skeleton: the nav bar with the title (`bar`) or the title as the page's heading
 * (`page`), then the blocks. Decorative like the generic frame (`aria-hidden`): React's page
 * replaces it on its first render and owns the page's semantics.
 */
export function routeSkeletonHtml(
  skeleton: RouteSkeletonEntry,
  locale: Locale,
  opts: { signedIn?: boolean; loginRequired?: string; figures?: FirstViewValues } = {},
): string {
  const title = escapeText(textIn(skeleton.title, locale));
  let head = '';
  if (skeleton.header === 'bar') head = `<div class="cwf-head"><div class="cwf-title">${title}</div></div>`;
  const subtitle = skeleton.subtitle ? `<p>${escapeText(textIn(skeleton.subtitle, locale))}</p>` : '';
  if (skeleton.header === 'hero') head = `<div class="cwf-hero"><div class="cwf-h1">${title}</div>${subtitle}</div>`;
  if (skeleton.header === 'page') head = `<div class="cwf-top"><div class="cwf-h1">${title}</div>${subtitle}</div>`;
  // A page that needs a session, for a client the server has not seen signed in: the shell's
  // "log in or register" view (layout/status-views.tsx LoginRequiredView) is what will show.
  const body =
    skeleton.auth !== false && !opts.signedIn
      ? `<div class="cwf-gate"><div class="cwf-card cwf-icon"></div>${opts.loginRequired ? `<p>${escapeText(opts.loginRequired)}</p>` : '<div class="cwf-line"></div>'}<div class="cwf-card cwf-btn"></div><div class="cwf-card cwf-btn"></div></div>`
      : `<div class="cwf-route">${shownBlocks(skeleton, opts.signedIn)
          .map((b) => blockHtml(b, locale, opts.figures))
          .join('')}</div>`;
  return `<div class="cwf" aria-hidden="true">${head}${body}</div>`;
}

/** The key of a path in a skeletons.json: the page below the app's prefix, or `<group>/<page>` for the shell's. */
export function skeletonKey(path: string, routePrefix: string): string | undefined {
  const clean = path.replace(/\/+$/, '');
  if (!clean.startsWith(routePrefix.replace(/\/+$/, '') + '/')) return undefined;
  const rest = clean.slice(routePrefix.replace(/\/+$/, '').length + 1);
  return /^[a-z0-9_-]+(\/[a-z0-9_-]+)?$/i.test(rest) ? rest : undefined;
}
