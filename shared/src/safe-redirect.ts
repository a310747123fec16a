/**
 * Where to send the customer after a step that asked them elsewhere (a sign-in's stored return
 * path, a `?redirect=` parameter): the path when it is a page of this app, else null so the caller
 * takes its default. A crafted value must not send a fresh session or a just-typed secret to another
 * origin (`//host`, `/\host`, `https:`) or back to a sign-in page (`/pages/passport/…`). The app's
 * pages are the home page `/` and `/pages/…`; a query is kept.
 */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (!target || target.includes('\\')) return null;
  const [path = ''] = target.split('?', 1);
  if (path !== '/' && !path.startsWith('/pages/')) return null;
  if (path.startsWith('/pages/passport/') || path.includes('//')) return null;
  return target;
}
