/** Where an app's release lives: the folder of its manifest (`/remotes/card/1.4.0-0123456789ab/`). */
export interface AppRelease {
  app: string;
  releaseId: string;
  folder: string;
  routePrefix: string;
}

/** The absolute folder of a manifest URL (relative URLs resolved against the page). */
export function releaseFolder(manifestUrl: string, base: string): string {
  const url = new URL(manifestUrl, base);
  return `${url.origin}${url.pathname.replace(/[^/]*$/, '')}`;
}

/**
 * The app an uncaught error belongs to: the release folder that appears in its stack (the first
 * frame that is in some app's folder wins). Errors of the shell itself belong to no app.
 */
export function attributeStack(stack: string | undefined, apps: readonly AppRelease[]): AppRelease | undefined {
  if (!stack) return undefined;
  let best: { app: AppRelease; at: number } | undefined;
  for (const app of apps) {
    const at = stack.indexOf(app.folder);
    if (at >= 0 && (!best || at < best.at)) best = { app, at };
  }
  return best?.app;
}

/** The app whose pages are under the current path. */
export function appOfPath(pathname: string, apps: readonly AppRelease[]): AppRelease | undefined {
  return apps.find((a) => pathname.startsWith(a.routePrefix));
}

/**
 * The route as sent: the path only (never the query string or fragment), with segments that look
 * like ids (numbers, long hex, uuids, anything unusual) replaced by `_id`.
 */
export function routeOf(pathname: string): string {
  const segments = pathname
    .split('?')[0]!
    .split('#')[0]!
    .split('/')
    .filter(Boolean)
    .map((s) => (/^[a-z][a-zA-Z-]{0,39}$/.test(s) ? s : '_id'));
  return `/${segments.join('/')}`.slice(0, 160);
}
