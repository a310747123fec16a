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
  file(
    'mf-wallet/dist/route-files.json',
    JSON.stringify({
      version: 1,
      routes: { index: { js: ['static/js/2019.5.js'], css: ['static/css/2019.6.css'] }, recharge: { js: ['x.js'] } },
    }),
  );
  app = Fastify();
  await app.register(webPlugin, { rootDir: root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const page = (cookie?: string) =>
  app.inject({
    method: 'GET',
    url: '/pages/wallet/index',
    headers: { 'accept-language': 'en-US', ...(cookie ? { cookie } : {}) },
  });

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
});
