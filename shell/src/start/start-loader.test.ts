import { createRequire } from 'node:module';
import { startLoaderCode } from '../../build/start-loader.mjs';

// The loader as shipped (minified by the build), run against a page we control: when does it
// insert main.js, and how often.
const rspack = createRequire(import.meta.url)('@rspack/core');
const shipped: string = startLoaderCode(rspack);

interface FakePage {
  inserted: string[];
  /** The script elements the loader made, by src (main.js's among them). */
  scripts: Map<string, FakeScript>;
  /** The srcs of scripts taken out of the page again. */
  removed: string[];
  /** How many times the loader has read the origin's storage. */
  storageOpened: () => number;
  fire(event: 'paint' | 'first-paint' | 'timeout' | 'visibilitychange'): void;
  /** Runs the loader's queued zero-delay tasks (the next slices of held hints); returns how many ran. */
  runSlices(): number;
  /**
   * The app (main.js's chunk loader, Module Federation) adds a script or stylesheet of its own;
   * `downloaded`: it has arrived, and the chunk loader has taken its script out again.
   */
  appAsks(path: string, downloaded?: 'downloaded'): void;
}

const ORIGIN = 'http://127.0.0.1:8090';

/** A held hint as the template's clone gives it: a preload link with an href and what it is (`as`). */
const hint = (href: string) => {
  const as = href.endsWith('.js') ? 'script' : href.endsWith('.css') ? 'style' : null;
  return { nodeType: 1, href, getAttribute: (name: string) => ({ href, as })[name] ?? null };
};
/** A script element as the loader makes it. */
interface FakeScript {
  src: string;
  onerror: (() => void) | null;
  onload?: () => void;
  parentNode: { removeChild(node: FakeScript): void } | null;
}
/** The whitespace between the template's tags. */
const whitespace = { nodeType: 3, getAttribute: () => null };

function runLoader(
  opts: {
    dataStart?: string | null;
    visibility?: 'visible' | 'hidden';
    paintObservable?: boolean;
    observerMissing?: boolean;
    painted?: boolean;
    /** The hrefs of the preloads the page holds in its templates. */
    heldLinks?: string[][];
    /** Main-thread milliseconds one inserted hint costs (the fake clock advances by it). */
    msPerHint?: number;
    /** Storage disabled (a browser setting): reading it throws. */
    storageBlocked?: boolean;
  } = {},
): FakePage {
  const inserted: string[] = [];
  const scripts = new Map<string, FakeScript>();
  const removed: string[] = [];
  // What the app itself added to the page, as the browser reports it: absolute URLs.
  const appAsked: Array<{ src?: string; href?: string }> = [];
  const downloaded = new Set<string>();
  const mainSrc = opts.dataStart ?? '/static/js/main.abcdef12.js';
  const heldLinks = opts.heldLinks ?? [];
  const listeners: Array<() => void> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let now = 1000;
  let observerCallback: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  let observedWith: unknown;
  const fakeDocument = {
    visibilityState: opts.visibility ?? 'visible',
    baseURI: `${ORIGIN}/pages/wallet/index`,
    head: {
      appendChild(node: { src?: string; href?: string }) {
        if (node.href === undefined) {
          const script = node as FakeScript;
          script.parentNode = this;
          scripts.set(script.src, script);
          if (script.src === mainSrc) return inserted.push(script.src);
          now += opts.msPerHint ?? 0;
          return inserted.push(`script ${script.src}`);
        }
        now += opts.msPerHint ?? 0;
        return inserted.push(`preload ${node.href}`);
      },
      removeChild(node: FakeScript) {
        node.parentNode = null;
        removed.push(node.src);
      },
    },
    querySelectorAll: (selector: string) => {
      if (selector === 'script[src], link[rel="stylesheet"]') {
        return [...[...scripts.keys()].map((src) => ({ src: `${ORIGIN}${src}` })), ...appAsked];
      }
      expect(selector).toBe('template[data-cw-after-paint]');
      return heldLinks.map((links) => ({
        content: {
          cloneNode: (deep: boolean) => ({ childNodes: deep ? links.flatMap((href) => [whitespace, hint(href)]) : [] }),
        },
      }));
    },
    createElement: (name: string) => {
      expect(name).toBe('script');
      return { src: '', onerror: null, parentNode: null };
    },
    addEventListener: (type: string, fn: () => void) => {
      expect(type).toBe('visibilitychange');
      listeners.push(fn);
    },
  };
  class FakeObserver {
    static supportedEntryTypes = opts.paintObservable === false ? ['navigation'] : ['navigation', 'paint'];
    constructor(cb: typeof observerCallback) {
      observerCallback = cb;
    }
    observe(options: unknown) {
      observedWith = options;
    }
    disconnect() {
      observerCallback = undefined;
    }
  }
  const fakePerformance = {
    getEntriesByName: (name: string) =>
      (opts.painted && name === 'first-contentful-paint') || downloaded.has(name) ? [{ name }] : [],
    now: () => now,
  };
  const script = {
    getAttribute: (name: string) => (name === 'data-start' ? (opts.dataStart ?? '/static/js/main.abcdef12.js') : null),
  };
  let storageOpened = 0;
  const fakeWindow = {
    get localStorage() {
      storageOpened++;
      if (opts.storageBlocked) throw new DOMException('denied', 'SecurityError');
      return { length: 0 };
    },
  };
  new Function('document', 'performance', 'PerformanceObserver', 'setTimeout', 'window', shipped)(
    { ...fakeDocument, currentScript: opts.dataStart === null ? null : script },
    fakePerformance,
    opts.observerMissing ? undefined : FakeObserver,
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
    fakeWindow,
  );
  if (observerCallback) expect(observedWith).toEqual({ type: 'paint', buffered: true });
  return {
    inserted,
    scripts,
    removed,
    storageOpened: () => storageOpened,
    fire(event) {
      if (event === 'paint' || event === 'first-paint') {
        const name = event === 'paint' ? 'first-contentful-paint' : 'first-paint';
        observerCallback?.({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
      } else if (event === 'timeout') {
        const latest = timers.filter((t) => t.ms === 2500);
        expect(latest).toHaveLength(1);
        for (const t of latest) t.fn();
      } else for (const l of listeners) l();
    },
    appAsks(path, state) {
      if (state === 'downloaded') return void downloaded.add(`${ORIGIN}${path}`);
      appAsked.push(path.endsWith('.css') ? { href: `${ORIGIN}${path}` } : { src: `${ORIGIN}${path}` });
    },
    runSlices() {
      // Every queued zero-delay task runs; those that inserted hints are the slices counted.
      let ran = 0;
      for (let task = timers.find((t) => t.ms === 0); task; task = timers.find((t) => t.ms === 0)) {
        timers.splice(timers.indexOf(task), 1);
        const before = inserted.length;
        task.fn();
        if (inserted.length > before) ran++;
      }
      return ran;
    },
  };
}

describe('start loader', () => {
  it('starts main.js only once the first contentful paint is reported, and only once', () => {
    const page = runLoader();
    expect(page.inserted).toEqual([]);
    page.fire('first-paint'); // a paint without content (a background) is not the frame's paint
    expect(page.inserted).toEqual([]);
    page.fire('paint');
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js']);
    page.fire('timeout');
    page.fire('visibilitychange');
    page.fire('paint');
    expect(page.inserted).toHaveLength(1);
  });

  it('adds the held preloads at the paint, after main.js, in the order the server wrote them', () => {
    const page = runLoader({ heldLinks: [['/static/css/a.css'], ['/remotes/user/1/b.css', '/remotes/user/1/c.css']] });
    expect(page.inserted).toEqual([]);
    page.fire('paint');
    expect(page.inserted).toEqual([
      '/static/js/main.abcdef12.js',
      'preload /static/css/a.css',
      'preload /remotes/user/1/b.css',
      'preload /remotes/user/1/c.css',
    ]);
    expect(page.runSlices()).toBe(0);
  });

  it("leaves out main.js's own held preload: its script is already on its way", () => {
    const page = runLoader({ heldLinks: [['/static/js/main.abcdef12.js', '/static/js/1.js']] });
    page.fire('paint');
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js', 'script /static/js/1.js']);
  });

  it("adds the shell's own chunks as scripts (they compile as they stream), and the rest as preloads", () => {
    const page = runLoader({
      heldLinks: [
        ['/static/js/1.js', '/static/css/1.css', '/static/js/locale-en-US.js'],
        // A remote's files: its own runtime loads them (Module Federation), so they stay preloads.
        ['/remotes/wallet/1/remoteEntry.js', '/remotes/wallet/1/static/js/2.js', '/remotes/wallet/1/2.css'],
      ],
    });
    page.fire('paint');
    expect(page.inserted).toEqual([
      '/static/js/main.abcdef12.js',
      'script /static/js/1.js',
      'preload /static/css/1.css',
      'script /static/js/locale-en-US.js',
      'preload /remotes/wallet/1/remoteEntry.js',
      'preload /remotes/wallet/1/static/js/2.js',
      'preload /remotes/wallet/1/2.css',
    ]);
  });

  it("takes a chunk's script out again when it fails, so the chunk loader asks afresh instead of waiting on it", () => {
    const page = runLoader({ heldLinks: [['/static/js/1.js', '/static/js/2.js']] });
    page.fire('paint');
    page.scripts.get('/static/js/1.js')!.onerror!();
    expect(page.removed).toEqual(['/static/js/1.js']);
    expect(page.scripts.get('/static/js/2.js')!.parentNode).not.toBeNull();
  });

  it('adds the chunks still held once main.js has run as preloads: its chunk loader has asked for those it needs', () => {
    const links = ['/static/js/1.js', '/static/js/2.js', '/static/js/3.js', '/remotes/card/1/remoteEntry.js'];
    const page = runLoader({ heldLinks: [links], msPerHint: 10 });
    page.fire('paint');
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js', 'script /static/js/1.js']);
    // main.js arrives and runs between two slices (seen in traces at 4× CPU on a slow link).
    page.scripts.get('/static/js/main.abcdef12.js')!.onload!();
    expect(page.runSlices()).toBe(3);
    expect(page.inserted).toEqual([
      '/static/js/main.abcdef12.js',
      'script /static/js/1.js',
      'preload /static/js/2.js',
      'preload /static/js/3.js',
      'preload /remotes/card/1/remoteEntry.js',
    ]);
  });

  it('leaves out, once main.js has run, a held file the app has already asked for: a preload then would download it twice', () => {
    const links = [
      '/static/js/1.js',
      '/static/js/2.js',
      '/static/css/2.css',
      '/static/js/3.js',
      '/static/js/4.js',
      '/remotes/card/1/remoteEntry.js',
      '/remotes/card/1/app.js',
    ];
    const page = runLoader({ heldLinks: [links], msPerHint: 10 });
    page.fire('paint');
    // main.js runs before the next slice; its chunk loader asks for chunk 2 and its stylesheet, has
    // chunk 3 already, and Module Federation asks for the remote's entry (a loaded machine,
    // as in a clean-clone CI run). Chunk 4 it has not asked for: its preload still helps.
    page.appAsks('/static/js/2.js');
    page.appAsks('/static/css/2.css');
    page.appAsks('/static/js/3.js', 'downloaded');
    page.appAsks('/remotes/card/1/remoteEntry.js');
    page.scripts.get('/static/js/main.abcdef12.js')!.onload!();
    page.runSlices();
    expect(page.inserted).toEqual([
      '/static/js/main.abcdef12.js',
      'script /static/js/1.js',
      'preload /static/js/4.js',
      'preload /remotes/card/1/app.js',
    ]);
  });

  it('spreads the held preloads over tasks of about 4 ms each, never dropping or repeating one', () => {
    const links = Array.from({ length: 17 }, (_, i) => `/static/js/${i}.js`);
    const page = runLoader({ heldLinks: [links.slice(0, 3), links.slice(3)], msPerHint: 1.5 });
    page.fire('paint');
    // The paint's task: main.js and the hints that fit in 4 ms (1.5 + 1.5 + 1.5 ≥ 4 after the third).
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js', ...links.slice(0, 3).map((h) => `script ${h}`)]);
    expect(page.runSlices()).toBe(5);
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js', ...links.map((h) => `script ${h}`)]);
  });

  it('inserts one hint per task even when each costs more than a slice', () => {
    const page = runLoader({ heldLinks: [['/a.css', '/b.js', '/c.js']], msPerHint: 10 });
    page.fire('paint');
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js', 'preload /a.css']);
    expect(page.runSlices()).toBe(2);
    expect(page.inserted).toHaveLength(4);
  });

  it("opens the origin's storage in a task of its own once main.js is on its way, not in the paint's task", () => {
    const page = runLoader({ heldLinks: [['/a.css', '/b.js']], msPerHint: 10 });
    expect(page.storageOpened()).toBe(0);
    page.fire('paint');
    expect(page.storageOpened()).toBe(0);
    page.runSlices();
    expect(page.storageOpened()).toBe(1);
    expect(page.inserted).toHaveLength(3);
  });

  it('carries on when storage is disabled', () => {
    const page = runLoader({ heldLinks: [['/a.css']], storageBlocked: true });
    page.fire('paint');
    expect(() => page.runSlices()).not.toThrow();
    expect(page.storageOpened()).toBe(1);
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js', 'preload /a.css']);
  });

  it('starts after 2.5 s at the latest when no paint is reported', () => {
    const page = runLoader();
    page.fire('timeout');
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js']);
    page.fire('paint');
    expect(page.inserted).toHaveLength(1);
  });

  it('starts when the page is hidden before it painted', () => {
    const page = runLoader();
    page.fire('visibilitychange');
    expect(page.inserted).toEqual(['/static/js/main.abcdef12.js']);
  });

  it.each([
    ['a hidden page (background tab, prerender)', { visibility: 'hidden' as const }],
    ['a browser without paint timing', { paintObservable: false }],
    ['a browser without PerformanceObserver', { observerMissing: true }],
    ['a page that has already painted', { painted: true }],
  ])('starts at once on %s', (_name, opts) => {
    expect(runLoader(opts).inserted).toEqual(['/static/js/main.abcdef12.js']);
  });

  it('does nothing without the main script to start', () => {
    expect(runLoader({ dataStart: '' }).inserted).toEqual([]);
    expect(runLoader({ dataStart: null }).inserted).toEqual([]);
  });

  it('is small and leaves no globals', () => {
    // 1,726 bytes minified (about 0.9 KiB gzip) with the already-asked check.
    expect(shipped.length).toBeLessThan(1792);
    expect(shipped.startsWith('!function(')).toBe(true);
  });
});
