import { describe, expect, it } from 'vitest';
import {
  filesOfManifest,
  filesOfRoute,
  MAX_FIRST_REQUESTS,
  MAX_ROUTE_FILES,
  requestPathOf,
  requestsOfRoute,
  safeReleaseFiles,
} from './release-files';

const manifestUrl = '/remotes/wallet/1.2.0-abc/mf-manifest.json';

describe('release files (one reading for the server hints and the shell prefetch)', () => {
  it('takes only plain relative names', () => {
    expect(
      safeReleaseFiles([
        'static/js/a.1.js',
        '../../etc/passwd',
        '/static/js/abs.js',
        'https://evil.example/x.js',
        'static/js/a.js" onload="x',
        'static/js/a.js>; rel=stylesheet',
        42,
        null,
      ]),
    ).toEqual(['static/js/a.1.js']);
    expect(safeReleaseFiles('static/js/a.js')).toEqual([]);
  });

  it('reads the entry, the exposed app and the reader’s texts from the manifest; nothing from a bad one', () => {
    const manifest = JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'app',
          assets: {
            js: {
              sync: ['static/js/app.1.js'],
              async: ['static/js/locale-ar-AE.0a1b.js', 'static/js/locale-en-US.2c3d.js'],
            },
            css: { sync: ['static/css/app.1.css'] },
          },
        },
      ],
    });
    expect(filesOfManifest(manifestUrl, manifest, 'ar-AE').map((f) => `${f.as} ${f.href}`)).toEqual([
      'script /remotes/wallet/1.2.0-abc/remoteEntry.js',
      'script /remotes/wallet/1.2.0-abc/static/js/app.1.js',
      'style /remotes/wallet/1.2.0-abc/static/css/app.1.css',
      'script /remotes/wallet/1.2.0-abc/static/js/locale-ar-AE.0a1b.js',
    ]);
    // A locale that is not one is never turned into a pattern.
    expect(filesOfManifest(manifestUrl, manifest, '.*')).toHaveLength(3);
    for (const bad of [undefined, '', '{', 'null', '42', '{"exposes":"x"}'])
      expect(filesOfManifest(manifestUrl, bad)).toEqual([]);
  });

  it('reads one page’s chunk group; unknown pages, prototype keys and long lists give nothing or a capped list', () => {
    const text = JSON.stringify({
      routes: {
        index: { js: ['static/js/index.1.js'], css: ['static/css/index.1.css'] },
        big: { js: Array.from({ length: 40 }, (_, i) => `static/js/c${i}.js`) },
      },
    });
    expect(filesOfRoute(manifestUrl, text, 'index')).toEqual([
      { href: '/remotes/wallet/1.2.0-abc/static/js/index.1.js', as: 'script' },
      { href: '/remotes/wallet/1.2.0-abc/static/css/index.1.css', as: 'style' },
    ]);
    expect(filesOfRoute(manifestUrl, text, 'big')).toHaveLength(MAX_ROUTE_FILES);
    expect(filesOfRoute(manifestUrl, text, 'nope')).toEqual([]);
    expect(filesOfRoute(manifestUrl, text, '__proto__')).toEqual([]);
    expect(filesOfRoute(manifestUrl, '{', 'index')).toEqual([]);
    expect(filesOfRoute(manifestUrl, undefined, 'index')).toEqual([]);
  });
});

describe('a page’s first requests in its release (issue 24)', () => {
  it('reads the checked requests of one page; malformed entries, unknown pages and long lists give fewer', () => {
    const text = JSON.stringify({
      routes: {
        index: {
          js: [],
          requests: [
            { url: 'wallet/balances' },
            { url: 'card/list', params: { size: 10, page: 1, open: true } },
            { url: '../admin/users' },
            { url: '//evil.example/x' },
            { url: 'a/b?c=d' },
            { url: 'x', params: { 'a b': 1 } },
            { url: 'y', params: { a: { nested: 1 } } },
            'wallet/x',
          ],
        },
        many: { requests: Array.from({ length: 9 }, (_, i) => ({ url: `r${i}` })) },
      },
    });
    expect(requestsOfRoute(text, 'index')).toEqual([
      { url: 'wallet/balances' },
      { url: 'card/list', params: { size: 10, page: 1, open: true } },
    ]);
    expect(requestsOfRoute(text, 'many')).toHaveLength(MAX_FIRST_REQUESTS);
    for (const page of ['nope', '__proto__', 'constructor']) expect(requestsOfRoute(text, page)).toEqual([]);
    expect(requestsOfRoute(undefined, 'index')).toEqual([]);
    expect(requestsOfRoute('{', 'index')).toEqual([]);
    expect(requestsOfRoute(JSON.stringify({ routes: { index: { requests: 'x' } } }), 'index')).toEqual([]);
  });

  it('one address form, the query sorted by name and encoded', () => {
    expect(requestPathOf({ url: 'wallet/balances' })).toBe('wallet/balances');
    expect(requestPathOf({ url: 'card/list', params: { size: 10, page: 1, q: 'a b&c' } })).toBe(
      'card/list?page=1&q=a+b%26c&size=10',
    );
  });
});
