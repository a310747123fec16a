import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MAJOR, CONTRACT_VERSION } from '@cardwallet/shared';
import webPlugin from '../../src/web/index.js';

let root: string;
let app: FastifyInstance;

function file(path: string, content: string | Buffer) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cw-web-'));
  file(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  const js = 'console.log("shell");'.repeat(50);
  file('shell/dist/static/js/main.0123abcd.js', js);
  file('shell/dist/static/js/main.0123abcd.js.br', brotliCompressSync(js));
  file('shell/dist/sw.js', 'self.addEventListener("fetch", () => {});');
  file('shell/dist/manifest.webmanifest', '{"name":"CardWallet","display":"standalone"}');
  file(
    'shell/dist/frame-texts.json',
    JSON.stringify({
      'ar-AE': {
        appName: 'CardWallet',
        tabs: { home: 'الرئيسية', card: 'البطاقة', wallet: 'المحفظة', user: 'أنا' },
        offline: { title: 'أنت غير متصل بالإنترنت', body: 'تحقّق من الشبكة <b>', retry: 'حاول مرة أخرى' },
      },
    }),
  );
  file(
    'mf-card/dist/build-info.json',
    JSON.stringify({
      name: 'mf_card',
      routePrefix: '/pages/card/',
      contractMajor: CONTRACT_MAJOR,
      contractVersion: CONTRACT_VERSION,
    }),
  );
  file('mf-card/dist/mf-manifest.json', '{"id":"mf_card"}');
  file('mf-card/dist/remoteEntry.js', 'var mf_card;');
  file('mf-card/dist/static/js/page.89abcdef.js', 'page');
  // A half-written build is not announced.
  file('mf-user/dist/build-info.json', '{"name": "mf_us');
  file('mf-user/dist/mf-manifest.json', '{}');
  app = Fastify();
  await app.register(webPlugin, { rootDir: root });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ code: 404, msg: 'Not found', key: 'not_found', data: null }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('web plugin (front end served by the API process)', () => {
  it('generates /remotes.json from the remote builds present, uncached', async () => {
    const response = await app.inject('/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      remotes: [
        {
          name: 'mf_card',
          routePrefix: '/pages/card/',
          manifestUrl: '/remotes/card/mf-manifest.json',
          contractMajor: CONTRACT_MAJOR,
        },
      ],
    });
  });

  it.each(['/', '/pages/card/index', '/pages/no-such/page'])('serves the shell index.html for %s', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body).toContain('<div id="root">');
    // The registry travels in the page as data (not script): no /remotes.json round trip.
    const inline = /<script type="application\/json" id="cw-registry">([^<]*)<\/script><\/head>/.exec(response.body);
    expect(JSON.parse(inline![1]!)).toEqual({
      cohort: 'all',
      remotes: [
        {
          name: 'mf_card',
          routePrefix: '/pages/card/',
          manifestUrl: '/remotes/card/mf-manifest.json',
          contractMajor: CONTRACT_MAJOR,
        },
      ],
    });
  });

  it('paints the frame in the stored language (cookie) or the browser’s, Arabic right to left', async () => {
    const ar = await app.inject({
      url: '/pages/wallet/index',
      headers: { cookie: 'cw_lang=ar-AE', 'accept-language': 'en-US' },
    });
    expect(ar.body).toMatch(/^<!doctype html><html lang="ar-AE" dir="rtl"><head>/);
    expect(ar.body).toContain('<div id="root"><div class="cwf" aria-hidden="true">');
    expect(ar.body).toMatch(/<style>html,body\{margin:0/);
    expect(String(ar.headers.vary)).toContain('Accept-Language');
    const tr = await app.inject({ url: '/', headers: { 'accept-language': 'tr-TR,tr;q=0.9' } });
    expect(tr.body).toContain('<html lang="tr-TR" dir="ltr">');
    expect(tr.body).toContain('class="cwf-tabs"');
  });

  it('compresses the per-client document for a browser that accepts it (brotli, else gzip), the same page decoded', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await app.inject({ url: '/', headers: { 'accept-language': 'en-US' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({
      url: '/',
      headers: { 'accept-language': 'en-US', 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 1.8);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject({ url: '/', headers: { 'accept-language': 'en-US', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('escapes the inline JSON so no value can close the element', async () => {
    const { jsonForHtml } = await import('../../src/web/shell-document.js');
    const out = jsonForHtml({ v: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ v: '</script><script>alert(1)</script><!-- & \u2028' });
  });

  it('serves the offline page per language (frame + translated message, no script), 404 for others', async () => {
    const response = await app.inject('/offline/ar-AE');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<html lang="ar-AE" dir="rtl">');
    expect(response.body).toContain('<h1>أنت غير متصل بالإنترنت</h1>');
    expect(response.body).toContain('&lt;b&gt;');
    expect(response.body).toContain('class="cwf-tabs"');
    expect(response.body).not.toMatch(/<script/);
    // A language without texts in the build falls back to English words in its own direction.
    const english = await app.inject('/offline/tr-TR');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="tr-TR" dir="ltr">');
    for (const bad of ['/offline/xx-XX', '/offline/..%2Fsw.js', '/offline/'])
      expect((await app.inject(bad)).statusCode).toBe(404);
  });

  it('serves the service worker and the manifest revalidated (a new build reaches the browser)', async () => {
    const worker = await app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const manifest = await app.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    // The policy lets the page load both.
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
  });

  it('never answers /api/* with HTML', async () => {
    for (const url of ['/api/nope', '/api/pages/x']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, key: 'not_found' });
    }
  });

  it('caches hashed assets forever and sends the pre-compressed file', async () => {
    const response = await app.inject({ url: '/static/js/main.0123abcd.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['timing-allow-origin']).toBe('*');
  });

  it('serves remotes under /remotes/<name>/ as if from another host; entry files revalidate', async () => {
    const entry = await app.inject('/remotes/card/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    const manifest = await app.inject('/remotes/card/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject('/remotes/card/static/js/page.89abcdef.js');
    expect(chunk.headers['cache-control']).toContain('immutable');
  });

  it('404s files of a remote that is not built', async () => {
    expect((await app.inject('/remotes/wallet/remoteEntry.js')).statusCode).toBe(404);
    expect((await app.inject('/remotes/card/nope.js')).statusCode).toBe(404);
  });
});
