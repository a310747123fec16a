import { createRequire } from 'node:module';
import { startLoaderCode } from '../../build/start-loader.mjs';

// The loader as shipped (minified by the build), run against a page we control: when does it
// insert main.js, and how often.
const rspack = createRequire(import.meta.url)('@rspack/core');
const shipped: string = startLoaderCode(rspack);

interface FakePage {
  inserted: string[];
  fire(event: 'paint' | 'first-paint' | 'timeout' | 'visibilitychange'): void;
}

function runLoader(
  opts: {
    dataStart?: string | null;
    visibility?: 'visible' | 'hidden';
    paintObservable?: boolean;
    observerMissing?: boolean;
    painted?: boolean;
    /** The hrefs of the stylesheet preloads the page holds in its templates. */
    heldLinks?: string[][];
  } = {},
): FakePage {
  const inserted: string[] = [];
  const heldLinks = opts.heldLinks ?? [];
  const listeners: Array<() => void> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let observerCallback: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  let observedWith: unknown;
  const fakeDocument = {
    visibilityState: opts.visibility ?? 'visible',
    head: {
      appendChild: (node: { src?: string; links?: string[] }) =>
        node.links ? inserted.push(...node.links.map((href) => `preload ${href}`)) : inserted.push(node.src ?? ''),
    },
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('template[data-cw-after-paint]');
      return heldLinks.map((links) => ({ content: { cloneNode: (deep: boolean) => (deep ? { links } : {}) } }));
    },
    createElement: (name: string) => {
      expect(name).toBe('script');
      return { src: '' };
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
    getEntriesByName: (name: string) => (opts.painted && name === 'first-contentful-paint' ? [{ name }] : []),
  };
  const script = {
    getAttribute: (name: string) => (name === 'data-start' ? (opts.dataStart ?? '/static/js/main.abcdef12.js') : null),
  };
  new Function('document', 'performance', 'PerformanceObserver', 'setTimeout', shipped)(
    { ...fakeDocument, currentScript: opts.dataStart === null ? null : script },
    fakePerformance,
    opts.observerMissing ? undefined : FakeObserver,
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  if (observerCallback) expect(observedWith).toEqual({ type: 'paint', buffered: true });
  return {
    inserted,
    fire(event) {
      if (event === 'paint' || event === 'first-paint') {
        const name = event === 'paint' ? 'first-contentful-paint' : 'first-paint';
        observerCallback?.({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
      } else if (event === 'timeout') {
        expect(timers.map((t) => t.ms)).toEqual([2500]);
        for (const t of timers) t.fn();
      } else for (const l of listeners) l();
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

  it('adds the held stylesheet preloads at the paint, before main.js', () => {
    const page = runLoader({ heldLinks: [['/static/css/a.css'], ['/remotes/user/1/b.css', '/remotes/user/1/c.css']] });
    expect(page.inserted).toEqual([]);
    page.fire('paint');
    expect(page.inserted).toEqual([
      'preload /static/css/a.css',
      'preload /remotes/user/1/b.css',
      'preload /remotes/user/1/c.css',
      '/static/js/main.abcdef12.js',
    ]);
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
    expect(shipped.length).toBeLessThan(1024);
    expect(shipped.startsWith('!function(')).toBe(true);
  });
});
