import { offlineLocale, offlineUrl, routeOf } from './sw-routes';

const origin = 'https://app.cardwallet.test';
const at = (path: string) => new URL(path, origin);

describe('service worker routes', () => {
  it('caches only immutable files: hashed shell files and release-store files', () => {
    expect(routeOf(at('/static/js/main.0123abcd.js'), origin, 'GET', 'no-cors')).toBe('shell-file');
    expect(routeOf(at('/static/css/3561.c87b21a3.css'), origin, 'GET', 'no-cors')).toBe('shell-file');
    expect(routeOf(at('/remotes/card/20261124-1/static/js/page.89abcdef.js'), origin, 'GET', 'no-cors')).toBe(
      'release-file',
    );
    expect(routeOf(at('/remotes/card/20261124-1/mf-manifest.json'), origin, 'GET', 'cors')).toBe('release-file');
  });

  it('never caches the registry, the API, unhashed or cross-origin files, or non-GET requests', () => {
    for (const path of ['/remotes.json', '/api/wallet/balances', '/api/events/stream', '/sw.js', '/index.html'])
      expect(routeOf(at(path), origin, 'GET', 'cors')).toBe('network');
    // The web-only server's builds on disk: no release id, revalidated.
    expect(routeOf(at('/remotes/card/mf-manifest.json'), origin, 'GET', 'cors')).toBe('network');
    expect(routeOf(at('/static/js/main.js'), origin, 'GET', 'no-cors')).toBe('network');
    expect(routeOf(new URL('https://cdn.example/static/js/main.0123abcd.js'), origin, 'GET', 'no-cors')).toBe(
      'network',
    );
    expect(routeOf(at('/static/js/main.0123abcd.js'), origin, 'POST', 'cors')).toBe('network');
  });

  it('handles page navigations only (offline fallback), not the API docs or other documents', () => {
    expect(routeOf(at('/'), origin, 'GET', 'navigate')).toBe('page');
    expect(routeOf(at('/pages/wallet/index?tab=1'), origin, 'GET', 'navigate')).toBe('page');
    expect(routeOf(at('/api/docs'), origin, 'GET', 'navigate')).toBe('network');
    expect(routeOf(at('/offline/en-US'), origin, 'GET', 'navigate')).toBe('network');
  });

  it('picks the offline page language: stored choice, then the browser’s, then English', () => {
    expect(offlineLocale('ar-AE', ['en-US'])).toBe('ar-AE');
    expect(offlineLocale('xx', ['tr'])).toBe('tr-TR');
    expect(offlineLocale(undefined, ['zh-TW', 'en'])).toBe('zh-HK');
    expect(offlineLocale(undefined, ['ar-SA'])).toBe('ar-AE');
    expect(offlineLocale(undefined, ['fr-FR', 'de'])).toBe('en-US');
    expect(offlineUrl('zh-HK')).toBe('/offline/zh-HK');
  });
});
