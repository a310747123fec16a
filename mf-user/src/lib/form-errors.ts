/**
 * `?redirect=` targets: only this site's pages (a crafted link must not send the customer
 * elsewhere after they typed a secret), never a login page.
 */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/pages/') || target.startsWith('//') || target.includes('\\')) return null;
  if (target.startsWith('/pages/passport/')) return null;
  return target;
}
