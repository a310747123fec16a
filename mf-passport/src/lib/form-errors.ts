/** Only same-app paths: a crafted return address must not send a fresh session elsewhere. */
export function safeReturnTo(returnTo: string | null): string | null {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) return null;
  if (returnTo.startsWith('/pages/passport/')) return null;
  return returnTo;
}
