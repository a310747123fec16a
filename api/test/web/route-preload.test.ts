import { describe, expect, it } from 'vitest';
import {
  answersMarkup,
  firstRequestsOf,
  hintsFromRouteFiles,
  pageOf,
  requestLinks,
} from '../../src/web/route-preload.js';

const manifestUrl = '/remotes/wallet/0.1.0-abc/mf-manifest.json';
const text = JSON.stringify({
  version: 1,
  routes: {
    index: {
      js: ['static/js/2019.e8.js', 'static/js/9791.6f.js', '../../x.js', '/abs.js'],
      css: ['static/css/2019.51.css'],
    },
    recharge: { js: ['static/js/1.js'], css: [] },
  },
});

describe("the page's chunk group announced on a feature app's route (issue 24)", () => {
  it('names the JS and CSS of that page only, next to the manifest, refusing paths that leave the folder', () => {
    expect(hintsFromRouteFiles(manifestUrl, text, 'index')).toEqual([
      { href: '/remotes/wallet/0.1.0-abc/static/js/2019.e8.js', as: 'script' },
      { href: '/remotes/wallet/0.1.0-abc/static/js/9791.6f.js', as: 'script' },
      { href: '/remotes/wallet/0.1.0-abc/static/css/2019.51.css', as: 'style' },
    ]);
    expect(hintsFromRouteFiles(manifestUrl, text, 'recharge')).toEqual([
      { href: '/remotes/wallet/0.1.0-abc/static/js/1.js', as: 'script' },
    ]);
  });

  it('nothing for a release without the file, an unknown page, inherited names or malformed lists', () => {
    expect(hintsFromRouteFiles(manifestUrl, undefined, 'index')).toEqual([]);
    expect(hintsFromRouteFiles(manifestUrl, '{oops', 'index')).toEqual([]);
    expect(hintsFromRouteFiles(manifestUrl, 'null', 'index')).toEqual([]);
    expect(hintsFromRouteFiles(manifestUrl, text, 'missing')).toEqual([]);
    expect(hintsFromRouteFiles(manifestUrl, text, 'constructor')).toEqual([]);
    expect(hintsFromRouteFiles(manifestUrl, JSON.stringify({ routes: { index: { js: 'a.js' } } }), 'index')).toEqual(
      [],
    );
  });

  it('bounds the number of hints a release can add to the page', () => {
    const many = JSON.stringify({
      routes: { index: { js: Array.from({ length: 100 }, (_, i) => `static/js/${i}.js`) } },
    });
    expect(hintsFromRouteFiles(manifestUrl, many, 'index')).toHaveLength(24);
  });

  it("reads the page from the route's path under the app's prefix", () => {
    expect(pageOf('/pages/wallet/index', '/pages/wallet/')).toBe('index');
    expect(pageOf('/pages/wallet/currency_exchange/', '/pages/wallet/')).toBe('currency_exchange');
    expect(pageOf('/pages/wallet/', '/pages/wallet/')).toBeUndefined();
    expect(pageOf('/pages/wallet/a/b', '/pages/wallet/')).toBeUndefined();
    expect(pageOf('/pages/card/index', '/pages/wallet/')).toBeUndefined();
  });

  it('announces a page’s first requests as credentialed fetch preloads below the API, in the named language', () => {
    const routes = JSON.stringify({
      routes: {
        index: {
          requests: [
            { url: 'wallet/balances' },
            { url: 'card/list', params: { size: 10, q: '"><script>' } },
            { url: '../x' },
          ],
        },
      },
    });
    expect(requestLinks('/api/', firstRequestsOf(routes, 'index'), 'tr-TR')).toBe(
      '<link rel="preload" href="/api/wallet/balances" as="fetch" crossorigin="use-credentials" data-early-locale="tr-TR">' +
        '<link rel="preload" href="/api/card/list?q=%22%3E%3Cscript%3E&amp;size=10" as="fetch" crossorigin="use-credentials" data-early-locale="tr-TR">',
    );
    expect(firstRequestsOf(routes, 'other')).toEqual([]);
    expect(requestLinks('/api/', [], 'en-US')).toBe('');
  });
});

describe('answers the server made for the page', () => {
  it('are data in the head, nothing in them can end the element or run', () => {
    // A customer's own text in an answer (a card holder's name, a note) may hold anything.
    const body = JSON.stringify({
      code: 200,
      msg: 'ok',
      data: { note: '</script><script>alert(1)</script> & \u2028' },
    });
    const markup = answersMarkup('/api/', [{ request: 'wallet/balances', body }], 'ar-AE');
    expect(markup).toMatch(
      /^<script type="application\/json" data-early-answer="\/api\/wallet\/balances" data-early-locale="ar-AE">[^<]*<\/script>$/,
    );
    const text = /<script[^>]*>(.*)<\/script>/.exec(markup)![1]!;
    expect(text).not.toMatch(/[<>&\u2028]/);
    // The same answer once read back.
    expect(JSON.parse(text)).toEqual(JSON.parse(body));
    expect(answersMarkup('/api/', [], 'en-US')).toBe('');
  });
});
