import { readFileSync, statSync } from 'node:fs';

/** The id of the inline registry element the shell reads (shell/src/routing/registry-fetch.ts). */
export const REGISTRY_ELEMENT_ID = 'cw-registry';

/**
 * What the page carries about the registry: the remotes this client gets and whose cohort they
 * were picked for — `user` (the remembered signed-in cohort), `anon` (the anonymous cookie) or
 * `all` (no canaries: the web-only server). The shell uses it only when it matches its own
 * session state, else it asks `/remotes.json` as before.
 */
export interface InlineRegistry {
  cohort: 'user' | 'anon' | 'all';
  remotes: unknown[];
}

/**
 * JSON safe inside `<script type="application/json">`: `<` never appears raw, so no `</script>`
 * or `<!--` in a value can end the element early; U+2028/9 escaped for old parsers.
 */
export function jsonForHtml(value: unknown): string {
  return jsonTextForHtml(JSON.stringify(value));
}

/**
 * JSON text made elsewhere (an API answer's body), made safe the same way: `<`, `>`, `&` and
 * U+2028/9 can stand only inside a JSON string, where their `\u` escapes mean the same.
 */
export function jsonTextForHtml(text: string): string {
  return text
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The shell's index.html split once around the point where per-client data goes (before
 * `</head>`), so a request costs two string concatenations. Data, not script: `type=application/json`
 * is never executed, so the CSP without inline script holds.
 */
export class ShellDocument {
  /** Before `<html …>`, between it and `</head>`, from `</head>` through `<div id="root">`, the rest. */
  private parts: [string, string, string, string] = ['', '', '', ''];
  private mtimeMs = -1;
  private checkedAt = 0;

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Re-reads the file when it changed (a rebuild while the server runs), checked at most once a second. */
  private refresh(): boolean {
    const now = this.now();
    if (this.mtimeMs >= 0 && now - this.checkedAt < 1_000) return true;
    this.checkedAt = now;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      this.mtimeMs = -1;
      return false;
    }
    if (mtimeMs === this.mtimeMs) return true;
    let html: string;
    try {
      html = readFileSync(this.file, 'utf8');
    } catch {
      this.mtimeMs = -1;
      return false;
    }
    const htmlTag = /<html[^>]*>/i.exec(html);
    const start = htmlTag ? htmlTag.index : 0;
    const afterTag = htmlTag ? htmlTag.index + htmlTag[0].length : 0;
    const headEnd = html.indexOf('</head>') >= 0 ? html.indexOf('</head>') : html.length;
    const rootTag = '<div id="root">';
    const rootAt = html.indexOf(rootTag, headEnd);
    const rootEnd = rootAt >= 0 ? rootAt + rootTag.length : html.length;
    this.parts = [
      html.slice(0, start),
      html.slice(afterTag, headEnd),
      html.slice(headEnd, rootEnd),
      html.slice(rootEnd),
    ];
    this.mtimeMs = mtimeMs;
    return true;
  }

  /**
   * The page for one client, or undefined when the shell is not built: its language and direction
   * on `<html>`, extra head elements (preloads, critical CSS), the registry, and what `#root` holds
   * until React renders (the painted app frame).
   */
  render(
    registry: InlineRegistry,
    opts: { lang?: string; dir?: 'ltr' | 'rtl'; headExtra?: string; root?: string } = {},
  ): string | undefined {
    if (!this.refresh()) return undefined;
    const [before, head, middle, rest] = this.parts;
    const html = `<html lang="${opts.lang ?? 'en-US'}" dir="${opts.dir ?? 'ltr'}">`;
    return `${before}${html}${head}${opts.headExtra ?? ''}<script type="application/json" id="${REGISTRY_ELEMENT_ID}">${jsonForHtml(registry)}</script>${middle}${opts.root ?? ''}${rest}`;
  }
}
