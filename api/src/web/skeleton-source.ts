import { readFileSync } from 'node:fs';
import { parseSkeletons, skeletonKey, type RouteSkeletonEntry } from './route-skeleton.js';

type Skeletons = Map<string, RouteSkeletonEntry>;

/** The shell's groups: `/` and `/pages/index/…` (home is `index/index`), `/pages/about/…`. */
function shellKey(path: string): string | undefined {
  const clean = path === '/' || path === '' ? '/pages/index/index' : path.replace(/\/+$/, '');
  const m = /^\/pages\/(index|about)\/([a-z0-9_-]+)$/i.exec(clean);
  return m ? `${m[1]}/${m[2]}` : undefined;
}

/**
 * Where a route's skeleton comes from: the shell's build for its own pages, else the
 * `skeletons.json` of the very release the client's registry gives it for that route — a canary
 * paints its own pages, a rollback the old ones. Parsed once per release (releases are immutable;
 * `ttlMs` > 0 re-reads, for builds on disk that may be rebuilt), at most `max` kept.
 */
export class RouteSkeletonSource {
  private readonly releases = new Map<string, { at: number; routes: Promise<Skeletons> }>();
  private shell: { at: number; routes: Skeletons } | undefined;

  constructor(
    private readonly opts: {
      shellFile: string;
      /** skeletons.json of the release whose mf-manifest.json is at this URL (undefined: none). */
      readRelease: (manifestUrl: string) => Promise<string | undefined>;
      ttlMs?: number;
      max?: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private shellRoutes(): Skeletons {
    if (!this.shell || this.now() - this.shell.at > 5_000) {
      let text: string | undefined;
      try {
        text = readFileSync(this.opts.shellFile, 'utf8');
      } catch {
        // A build without the file: the generic frame.
      }
      this.shell = { at: this.now(), routes: parseSkeletons(text) };
    }
    return this.shell.routes;
  }

  private releaseRoutes(manifestUrl: string): Promise<Skeletons> {
    const ttl = this.opts.ttlMs ?? 0;
    const cached = this.releases.get(manifestUrl);
    if (cached && (ttl === 0 || this.now() - cached.at <= ttl)) return cached.routes;
    // A release without the file (built before contract 1.2) is remembered as such; a read that
    // failed (the store did not answer) is asked again by the next page.
    const routes = this.opts.readRelease(manifestUrl).then(parseSkeletons, () => {
      if (this.releases.get(manifestUrl)?.routes === routes) this.releases.delete(manifestUrl);
      return new Map() as Skeletons;
    });
    this.releases.set(manifestUrl, { at: this.now(), routes });
    if (this.releases.size > (this.opts.max ?? 64)) this.releases.delete(this.releases.keys().next().value!);
    return routes;
  }

  /** The skeleton of `path` for a client given `remotes`, or undefined (generic frame). */
  async find(
    path: string,
    remotes: ReadonlyArray<{ routePrefix?: string; manifestUrl?: string }>,
  ): Promise<RouteSkeletonEntry | undefined> {
    const own = shellKey(path);
    if (own) return this.shellRoutes().get(own);
    for (const remote of remotes) {
      if (!remote.routePrefix || !remote.manifestUrl) continue;
      const key = skeletonKey(path, remote.routePrefix);
      if (key) return (await this.releaseRoutes(remote.manifestUrl)).get(key);
    }
    return undefined;
  }
}
