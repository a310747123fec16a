import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MAJOR, CONTRACT_VERSION } from '@cardwallet/shared';
import webPlugin from '../../src/web/index.js';

// Issue 24, the signed-in deep link: what the page of a feature app's route announces beside the
// remote chain when it will render signed in — the app's texts, the page's own chunk group (the
// release's route-files.json) and the shell's lazy chunks such a page waits for (start-files.json).

let root: string;

/** The wallet release's page groups (route-files.json): the index page's chunks and first request. */
const WALLET_ROUTE_FILES = JSON.stringify({
  version: 1,
  routes: {
    index: {
      js: ['static/js/2019.5.js'],
      css: ['static/css/2019.6.css'],
      requests: [{ url: 'wallet/balances' }],
    },
    recharge: { js: ['x.js'] },
  },
});
let app: FastifyInstance;

function file(path: string, content: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cw-deep-link-'));
  file('shell/dist/index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  file(
    'shell/dist/start-files.json',
    JSON.stringify({
      files: ['static/js/main.1.js'],
      locales: {},
      home: [],
      appPage: ['static/js/query-client.2.js', 'static/js/axios.3.js'],
    }),
  );
  file(
    'mf-wallet/dist/build-info.json',
    JSON.stringify({
      name: 'mf_wallet',
      routePrefix: '/pages/wallet/',
      contractMajor: CONTRACT_MAJOR,
      contractVersion: CONTRACT_VERSION,
    }),
  );
  file(
    'mf-wallet/dist/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'app', assets: { js: { sync: [], async: ['static/js/locale-en-US.4.js'] }, css: {} } }],
    }),
  );
  file('mf-wallet/dist/route-files.json', WALLET_ROUTE_FILES);
  app = Fastify();
  // As in the API process, which answers /api/ itself (the web-only server announces no requests).
  await app.register(webPlugin, { rootDir: root, apiPrefix: '/api/' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const page = (cookie?: string, acceptLanguage = 'en-US') =>
  app.inject({
    method: 'GET',
    url: '/pages/wallet/index',
    headers: { 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) },
  });

const BALANCES =
  '<link rel="preload" href="/api/wallet/balances" as="fetch" crossorigin="use-credentials" data-early-locale="en-US">';

describe('a signed-in deep link to a feature app’s page (issue 24)', () => {
  it('with a session cookie: the app’s texts, the page’s chunk group and the shell’s page chunks are announced', async () => {
    const html = (await page('cw_session=abc')).body;
    for (const href of [
      '/remotes/wallet/static/js/locale-en-US.4.js',
      '/remotes/wallet/static/js/2019.5.js',
      '/static/js/query-client.2.js',
      '/static/js/axios.3.js',
    ])
      expect(html).toContain(`<link rel="preload" href="${href}" as="script">`);
    expect(html).toContain('<link rel="preload" href="/remotes/wallet/static/css/2019.6.css" as="style">');
    // Only that page's files, not another page's of the same app.
    expect(html).not.toContain('x.js"');
  });

  it('signed out (the page shows the log-in view): only the remote chain, nothing the page would waste', async () => {
    const html = (await page()).body;
    expect(html).toContain('<link rel="preload" href="/remotes/wallet/remoteEntry.js" as="script">');
    for (const href of ['locale-en-US.4.js', '2019.5.js', '2019.6.css', 'query-client.2.js', 'axios.3.js'])
      expect(html).not.toContain(href);
  });

  it('the shell’s page chunks only on a feature app’s route', async () => {
    const home = (await app.inject({ method: 'GET', url: '/', headers: { cookie: 'cw_session=abc' } })).body;
    expect(home).not.toContain('query-client.2.js');
  });

  it('with a session cookie: the page’s first request is announced before every file, in the page’s language', async () => {
    const html = (await page('cw_session=abc')).body;
    expect(html).toContain(BALANCES);
    expect(html.indexOf(BALANCES)).toBeLessThan(html.indexOf('/static/js/main.1.js'));
    // The request is live from the first byte; the files wait inert for the paint (afterPaintHints).
    const held = [...html.matchAll(/<template data-cw-after-paint>(.*?)<\/template>/g)].map((m) => m[1]).join('');
    expect(held).not.toContain('/api/wallet/balances');
    expect(held).toContain('/static/js/main.1.js');
    expect(held).toContain('/remotes/wallet/static/js/2019.5.js');
    expect(html.replace(/<template data-cw-after-paint>.*?<\/template>/g, '')).not.toMatch(
      /<link rel="preload" href="\/(static|remotes)\//,
    );
    expect(html.match(/wallet\/balances/g)).toHaveLength(1);
    // Another language chosen (cw_lang) than the browser's: the API would answer the preload in the
    // browser's, so nothing is announced and the page asks itself, with its own headers.
    const chosen = (await page('cw_session=abc; cw_lang=tr-TR')).body;
    expect(chosen).toContain('2019.5.js');
    expect(chosen).not.toContain('/api/wallet/balances');
    // Both the same: announced, in that language.
    expect((await page('cw_session=abc; cw_lang=tr-TR', 'tr-TR,en;q=0.5')).body).toContain(
      'href="/api/wallet/balances" as="fetch" crossorigin="use-credentials" data-early-locale="tr-TR"',
    );
  });

  it('signed out, on another page, or in the web-only server: no request announced', async () => {
    expect((await page()).body).not.toContain('/api/');
    const recharge = await app.inject({
      method: 'GET',
      url: '/pages/wallet/recharge',
      headers: { cookie: 'cw_session=abc' },
    });
    expect(recharge.body).not.toContain('/api/');
    const web = Fastify();
    await web.register(webPlugin, { rootDir: root });
    const html = (
      await web.inject({ method: 'GET', url: '/pages/wallet/index', headers: { cookie: 'cw_session=abc' } })
    ).body;
    await web.close();
    expect(html).toContain('2019.5.js');
    expect(html).not.toContain('/api/');
  });

  it('a rebuilt page group is announced on the next page: what is kept between pages follows the files', async () => {
    const routeFiles = (js: string) =>
      JSON.stringify({ version: 1, routes: { index: { js: [js], requests: [{ url: 'wallet/balances' }] } } });
    const before = (await page('cw_session=abc')).body;
    expect(before).toContain('/remotes/wallet/static/js/2019.5.js');
    try {
      file('mf-wallet/dist/route-files.json', routeFiles('static/js/2020.7.js'));
      const after = (await page('cw_session=abc')).body;
      expect(after).toContain('/remotes/wallet/static/js/2020.7.js');
      expect(after).not.toContain('2019.5.js');
      expect(after).toContain(BALANCES);
    } finally {
      file('mf-wallet/dist/route-files.json', WALLET_ROUTE_FILES);
    }
    expect((await page('cw_session=abc')).body).toContain('2019.5.js');
  });
});
