/**
 * The pages the webview may show: our own origin and the https origins listed here (the operator's
 * sites). Anything else — another host, plain http, `javascript:`, `data:`, credentials in the URL —
 * is refused, so a crafted link can never turn the app into an open redirect or run script.
 */
export const WEBVIEW_ALLOWED_ORIGINS = [
  'https://cardwallet.test',
  'https://www.cardwallet.test',
  'https://help.cardwallet.test',
] as const;

export type WebviewTarget =
  { kind: 'in-app'; path: string } | { kind: 'frame'; url: string } | { kind: 'refused'; url: string };

export function resolveWebviewTarget(
  raw: string | null,
  ownOrigin: string,
  allowed: readonly string[] = WEBVIEW_ALLOWED_ORIGINS,
): WebviewTarget {
  const text = (raw ?? '').trim();
  if (!text) return { kind: 'refused', url: '' };
  let url: URL;
  try {
    url = new URL(text, ownOrigin);
  } catch {
    return { kind: 'refused', url: text };
  }
  if (url.username || url.password) return { kind: 'refused', url: text };
  if (url.origin === ownOrigin) {
    // Our own pages open in the app itself, not in a frame of it.
    if (url.pathname.startsWith('/pages/')) return { kind: 'in-app', path: `${url.pathname}${url.search}` };
    return { kind: 'frame', url: url.href };
  }
  if (url.protocol === 'https:' && allowed.includes(url.origin)) return { kind: 'frame', url: url.href };
  return { kind: 'refused', url: text };
}
