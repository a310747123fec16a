import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintHints, hintsFromManifest, ManifestCache, preloadLinks } from '../../src/web/remote-preload.js';

const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
  exposes: [
    {
      name: 'app',
      assets: {
        js: {
          sync: ['static/js/883.a5297da7.js', 'static/js/__federation_expose_app.232b4747.js'],
          async: ['static/js/1.js'],
        },
        css: { sync: ['static/css/app.0a12c729.css'], async: [] },
      },
    },
    { name: 'other', assets: { js: { sync: ['static/js/other.js'] } } },
  ],
});

describe('remote chain preload hints', () => {
  it('announce the manifest (as fetch, CORS), the entry and the app module’s sync files, relative to the manifest', () => {
    expect(hintsFromManifest('https://cdn.example/card/1.0.0-abc/mf-manifest.json', manifest)).toEqual([
      { href: 'https://cdn.example/card/1.0.0-abc/mf-manifest.json', as: 'fetch', crossorigin: true },
      { href: 'https://cdn.example/card/1.0.0-abc/remoteEntry.js', as: 'script' },
      { href: 'https://cdn.example/card/1.0.0-abc/static/js/883.a5297da7.js', as: 'script' },
      { href: 'https://cdn.example/card/1.0.0-abc/static/js/__federation_expose_app.232b4747.js', as: 'script' },
      { href: 'https://cdn.example/card/1.0.0-abc/static/css/app.0a12c729.css', as: 'style' },
    ]);
  });

  it('announce the app’s texts in the reader’s language when asked (its locale chunk), never another language’s', () => {
    const withTexts = JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'app',
          assets: {
            js: {
              sync: ['static/js/__federation_expose_app.232b4747.js'],
              async: [
                'static/js/locale-ar-AE.61a5a9c5.js',
                'static/js/locale-en-US.2ef42cc8.js',
                'static/js/page-wallet.11aa22bb.js',
                '../locale-tr-TR.ff8f1fa7.js',
              ],
            },
          },
        },
      ],
    });
    const url = '/remotes/card/mf-manifest.json';
    expect(hintsFromManifest(url, withTexts, 'ar-AE').at(-1)).toEqual({
      href: '/remotes/card/static/js/locale-ar-AE.61a5a9c5.js',
      as: 'script',
    });
    const hrefs = (locale?: string) => hintsFromManifest(url, withTexts, locale).map((h) => h.href);
    expect(hrefs()).not.toContainEqual(expect.stringContaining('locale-'));
    expect(hrefs('en-US').filter((h) => h.includes('locale-'))).toEqual([
      '/remotes/card/static/js/locale-en-US.2ef42cc8.js',
    ]);
    // A traversal in the manifest, an unknown or malformed locale: nothing.
    expect(hrefs('tr-TR').filter((h) => h.includes('locale-'))).toEqual([]);
    expect(hrefs('zh-HK').filter((h) => h.includes('locale-'))).toEqual([]);
    expect(hrefs('.*').filter((h) => h.includes('locale-'))).toEqual([]);
  });

  it('a broken or hostile manifest gives the manifest hint only, and nothing escapes the attribute', () => {
    expect(hintsFromManifest('/remotes/card/mf-manifest.json', '{nope')).toHaveLength(1);
    expect(hintsFromManifest('/remotes/card/mf-manifest.json', undefined)).toHaveLength(1);
    const hostile = JSON.stringify({
      metaData: { remoteEntry: { name: '"><script>x</script>' } },
      exposes: [{ name: 'app', assets: { js: { sync: ['../../x.js', 'a" onload="x', 42] } } }],
    });
    expect(hintsFromManifest('/remotes/card/mf-manifest.json', hostile)).toHaveLength(1);
    expect(preloadLinks([{ href: '/a"b<c>&', as: 'script' }])).toBe(
      '<link rel="preload" href="/a&quot;b&lt;c&gt;&amp;" as="script">',
    );
  });

  it('holds the hints inert in one template until the page has painted; none, no template', () => {
    expect(afterPaintHints([])).toBe('');
    expect(
      afterPaintHints([
        { href: '/static/js/main.1.js', as: 'script' },
        { href: '/remotes/card/mf-manifest.json', as: 'fetch', crossorigin: true },
        { href: '/static/css/a.css', as: 'style' },
      ]),
    ).toBe(
      '<template data-cw-after-paint><link rel="preload" href="/static/js/main.1.js" as="script"><link rel="preload" href="/remotes/card/mf-manifest.json" as="fetch" crossorigin><link rel="preload" href="/static/css/a.css" as="style"></template>',
    );
    // A name cannot close the template (or anything else) early.
    const held = afterPaintHints([{ href: '/a</template><script>x</script>', as: 'script' }]);
    expect(held.match(/<\/template>/g)).toHaveLength(1);
    expect(held).not.toContain('<script>');
  });

  it('reads each manifest once, forgets a missing one', async () => {
    const reads: string[] = [];
    let present = false;
    const cache = new ManifestCache(async (url) => {
      reads.push(url);
      return present ? 'text' : undefined;
    }, 2);
    expect(await cache.get('a')).toBeUndefined();
    present = true;
    expect(await cache.get('a')).toBe('text');
    await Promise.all([cache.get('a'), cache.get('a')]);
    expect(reads).toEqual(['a', 'a']);
    await cache.get('b');
    await cache.get('c'); // bounded: 'a' dropped
    await cache.get('a');
    expect(reads).toEqual(['a', 'a', 'b', 'c', 'a']);
  });
});

describe('the shell start chain', () => {
  it('on the home route also announces the home page’s chunk (JS and CSS), after the start files', async () => {
    const { StartFilesFile } = await import('../../src/web/remote-preload.js');
    const file = new StartFilesFile(() =>
      JSON.stringify({
        files: ['static/js/main.1.js'],
        locales: { 'en-US': ['static/js/locale-en-US.2.js'] },
        home: ['static/css/1090.3.css', 'static/js/1090.4.js', '/etc/passwd'],
      }),
    );
    expect(file.hints('en-US', true)).toEqual([
      { href: '/static/js/main.1.js', as: 'script' },
      { href: '/static/js/locale-en-US.2.js', as: 'script' },
      { href: '/static/css/1090.3.css', as: 'style' },
      { href: '/static/js/1090.4.js', as: 'script' },
    ]);
    expect(file.hints('en-US')).toHaveLength(2);
  });

  it('announces the build’s start files in order, then the visitor language’s texts; none without the file', async () => {
    const { StartFilesFile } = await import('../../src/web/remote-preload.js');
    const file = new StartFilesFile(() =>
      JSON.stringify({
        files: ['static/js/main.1.js', 'static/css/9.css', '../x.js'],
        locales: { 'ar-AE': ['static/js/locale-ar-AE.2.js'] },
      }),
    );
    expect(file.hints('ar-AE')).toEqual([
      { href: '/static/js/main.1.js', as: 'script' },
      { href: '/static/css/9.css', as: 'style' },
      { href: '/static/js/locale-ar-AE.2.js', as: 'script' },
    ]);
    expect(file.hints('tr-TR')).toHaveLength(2);
    expect(new StartFilesFile(() => undefined).hints('en-US')).toEqual([]);
    expect(new StartFilesFile(() => undefined).hints('en-US', true)).toEqual([]);
    expect(new StartFilesFile(() => '{broken').hints()).toEqual([]);
  });

  describe('held markup', () => {
    afterEach(() => vi.useRealTimers());

    it('is the template of the same hints, made once per combination, and follows a new build', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
      const { StartFilesFile } = await import('../../src/web/remote-preload.js');
      let text = JSON.stringify({
        files: ['static/js/main.1.js'],
        locales: { 'en-US': ['static/js/locale-en-US.2.js'] },
        home: ['static/js/1090.4.js'],
        appPage: ['static/js/axios.3.js'],
      });
      let reads = 0;
      const file = new StartFilesFile(() => {
        reads++;
        return text;
      });
      for (const [locale, home, appPage] of [
        ['en-US', true, false],
        ['en-US', false, true],
        [undefined, false, false],
        ['xx-XX', true, true],
      ] as const)
        expect(file.heldMarkup(locale, home, appPage)).toBe(afterPaintHints(file.hints(locale, home, appPage)));
      expect(file.heldMarkup('en-US', true)).toContain('1090.4.js');
      expect(file.heldMarkup('en-US', true)).not.toContain('axios');
      expect(reads).toBe(1);
      // A rebuild is seen at the next check (every 5 s), markup included.
      text = JSON.stringify({ files: ['static/js/main.9.js'] });
      expect(file.heldMarkup('en-US', true)).toContain('main.1.js');
      vi.advanceTimersByTime(5_001);
      expect(file.heldMarkup('en-US', true)).toBe(afterPaintHints([{ href: '/static/js/main.9.js', as: 'script' }]));
      expect(reads).toBe(2);
    });
  });
});
