import { CONTRACT_MAJOR, type FeatureApp, type RemoteDescriptor, type RemoteName } from '@cardwallet/shared';
import { parseRemoteRegistry } from './parse-registry';

export type LoadFailure = 'unavailable' | 'incompatible' | 'timeout' | 'chunk';

export class FeatureLoadError extends Error {
  constructor(
    readonly reason: LoadFailure,
    message: string,
    readonly remote?: RemoteName,
  ) {
    super(message);
    this.name = 'FeatureLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface RemoteStatus {
  name: RemoteName;
  routePrefix: string;
  state: 'loaded' | 'failed' | 'idle';
  contractVersion?: string;
  version?: string | undefined;
  releaseId?: string | undefined;
  channel?: 'stable' | 'canary' | undefined;
}

export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null | undefined>;
}

export interface FeatureRegistryDeps {
  runtime: FederationRuntime;
  fetchRegistry: () => Promise<unknown>;
  /**
   * Contributes a loaded remote's namespace to the shell's i18next instance: its texts in the
   * reader's language are loaded (awaited, so its page never shows a key) before `load` resolves.
   */
  onLoaded: (app: FeatureApp) => void | Promise<void>;
  pageTimeoutMs: number;
  /** Reloads the page (a Retry after the page preloaded the app's files); window.location.reload by default. */
  reload?: () => void;
}

/**
 * Removes the page's preload links of one release (api/src/web/remote-preload.ts). A preload that
 * failed stays in the browser's preload list as a failure that a later request of the same URL
 * gets again (seen in Chromium 156), so Retry reloads the page when there were any.
 */
export function dropPreloads(
  manifestUrl: string,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): number {
  if (!doc) return 0;
  const folder = new URL(manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1), doc.baseURI).href;
  let dropped = 0;
  for (const link of Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'))) {
    if (link.href.startsWith(folder)) {
      link.remove();
      dropped++;
    }
  }
  return dropped;
}

function contractMajorOf(version: string): number {
  return Number(version.split('.')[0]);
}

/**
 * Knows the remotes listed in /remotes.json and loads each one on first use. A failed or timed-out
 * load is forgotten, so Retry starts over (re-reading the registry and re-registering the remote).
 */
export class FeatureRegistry {
  private descriptors = new Map<RemoteName, RemoteDescriptor>();
  private loads = new Map<RemoteName, Promise<FeatureApp>>();
  private registryLoad: Promise<void> | null = null;
  readonly failures = new Map<RemoteName, unknown>();
  private readonly loaded = new Map<RemoteName, FeatureApp>();
  /** The release each app was loaded from in this tab (a later registry change does not alter it). */
  private readonly loadedFrom = new Map<RemoteName, RemoteDescriptor>();

  constructor(private readonly deps: FeatureRegistryDeps) {}

  /** Reads /remotes.json (again on retry). Never throws: a missing registry only disables remotes. */
  refresh(force = false): Promise<void> {
    if (!this.registryLoad || force) {
      this.registryLoad = this.deps
        .fetchRegistry()
        .then((raw) => {
          const parsed = parseRemoteRegistry(raw);
          if (!parsed.success) throw new Error(`invalid /remotes.json: ${parsed.error}`);
          const compatible: Array<{ name: string; entry: string }> = [];
          for (const descriptor of parsed.data.remotes) {
            const previous = this.descriptors.get(descriptor.name);
            this.descriptors.set(descriptor.name, descriptor);
            if (descriptor.contractMajor !== CONTRACT_MAJOR) continue;
            // A loaded app keeps the release it came from for the life of this tab: its pages
            // load their chunks from that release's immutable folder, whatever is released since.
            if (this.loaded.has(descriptor.name)) continue;
            if (force || !previous || previous.manifestUrl !== descriptor.manifestUrl)
              compatible.push({ name: descriptor.name, entry: descriptor.manifestUrl });
          }
          if (compatible.length) this.deps.runtime.registerRemotes(compatible, { force: true });
        })
        .catch((error: unknown) => {
          this.registryLoad = null;
          console.error('[shell] remote registry unavailable', error);
        });
    }
    return this.registryLoad;
  }

  descriptor(name: RemoteName): RemoteDescriptor | undefined {
    return this.descriptors.get(name);
  }

  /**
   * `whileTexts` is called once the app's module is there, while its texts are still loading: a
   * page can start loading its chunk then, in parallel (no extra round trip for the texts).
   */
  load(name: RemoteName, whileTexts?: (app: FeatureApp) => void): Promise<FeatureApp> {
    const cached = this.loads.get(name);
    if (cached) return cached;
    const load = withTimeout(
      this.loadOnce(name, whileTexts),
      this.deps.pageTimeoutMs,
      () => new FeatureLoadError('timeout', `${name} took too long`, name),
    );
    this.loads.set(name, load);
    load.catch((error: unknown) => {
      this.failures.set(name, error);
      if (this.loads.get(name) === load) this.loads.delete(name);
    });
    return load;
  }

  /**
   * What the diagnostics page and error reports show: every deployed remote, how far it got in
   * this tab, and its release (the one loaded, else the one the registry names now).
   */
  status(): RemoteStatus[] {
    return [...this.descriptors.values()].map((d) => {
      const app = this.loaded.get(d.name);
      const from = this.loadedFrom.get(d.name) ?? d;
      const release = { version: from.version, releaseId: from.releaseId, channel: from.channel };
      if (app)
        return {
          name: d.name,
          routePrefix: d.routePrefix,
          state: 'loaded' as const,
          contractVersion: app.contractVersion,
          ...release,
        };
      return {
        name: d.name,
        routePrefix: d.routePrefix,
        state: this.failures.has(d.name) ? ('failed' as const) : ('idle' as const),
        ...release,
      };
    });
  }

  /** Forget a failure so the next load starts from scratch. */
  async retry(name: RemoteName): Promise<void> {
    this.loads.delete(name);
    this.failures.delete(name);
    const descriptor = this.descriptors.get(name);
    if (descriptor && !this.loaded.has(name) && dropPreloads(descriptor.manifestUrl) > 0) {
      // The page announced this app's files and one of them may have failed: Chromium hands a
      // failed preload to the next request of that URL (the MF runtime's <script>), with no network
      // request, so only a fresh page reaches the network again. Reloading the page is the retry.
      (this.deps.reload ?? (() => window.location.reload()))();
      return new Promise<void>(() => undefined);
    }
    await this.refresh(true);
  }

  private async loadOnce(name: RemoteName, whileTexts?: (app: FeatureApp) => void): Promise<FeatureApp> {
    await this.refresh();
    const descriptor = this.descriptors.get(name);
    if (!descriptor) throw new FeatureLoadError('unavailable', `${name} is not deployed`, name);
    if (descriptor.contractMajor !== CONTRACT_MAJOR) {
      throw new FeatureLoadError(
        'incompatible',
        `${name} was built for contract ${descriptor.contractMajor}, shell speaks ${CONTRACT_MAJOR}`,
        name,
      );
    }
    let module: { default?: FeatureApp } | null | undefined;
    try {
      module = await this.deps.runtime.loadRemote<{ default?: FeatureApp }>(`${name}/app`);
    } catch (error) {
      throw new FeatureLoadError('unavailable', `${name} failed to load: ${String(error)}`, name);
    }
    const app = module?.default;
    if (!app || !Array.isArray(app.routes) || app.name !== name)
      throw new FeatureLoadError('unavailable', `${name} exposes no FeatureApp`, name);
    if (contractMajorOf(app.contractVersion) !== CONTRACT_MAJOR) {
      throw new FeatureLoadError('incompatible', `${name} reports contract ${app.contractVersion}`, name);
    }
    whileTexts?.(app);
    await this.deps.onLoaded(app);
    this.loaded.set(name, app);
    this.loadedFrom.set(name, descriptor);
    return app;
  }
}
