import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin from '../../src/web/index.js';
import { linkHeaderValues } from '../../src/web/remote-preload.js';

let root: string;
const servers: FastifyInstance[] = [];

function file(path: string, content: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

async function serve(earlyHints: boolean): Promise<number> {
  const app = Fastify();
  await app.register(webPlugin, { rootDir: root, earlyHints });
  await app.listen({ host: '127.0.0.1', port: 0 });
  servers.push(app);
  return (app.server.address() as net.AddressInfo).port;
}

/** A real HTTP/1.1 request: the 1xx answers it saw, then the final status. */
function get(
  port: number,
  path: string,
): Promise<{ informational: Array<{ status: number; link: string[] }>; status: number }> {
  return new Promise((resolve, reject) => {
    const informational: Array<{ status: number; link: string[] }> = [];
    const request = http.get({ host: '127.0.0.1', port, path, headers: { 'accept-language': 'ar-AE' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ informational, status: response.statusCode ?? 0 }));
    });
    request.on('information', (info) => {
      const link = info.headers.link;
      informational.push({ status: info.statusCode, link: Array.isArray(link) ? link : link ? [link] : [] });
    });
    request.setTimeout(5_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cw-hints-'));
  file(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  file(
    'shell/dist/start-files.json',
    JSON.stringify({
      files: ['static/js/main.0123abcd.js', 'static/css/main.0123abcd.css', 'static/js/x.js>; rel=stylesheet'],
      locales: { 'ar-AE': ['static/js/locale-ar-AE.89abcdef.js'] },
      home: ['static/js/home.13572468.js'],
    }),
  );
});

afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('103 Early Hints (EARLY_HINTS)', () => {
  it('announces the start chain in the reader language before the page, then the page', async () => {
    const port = await serve(true);
    const home = await get(port, '/');
    expect(home.status).toBe(200);
    expect(home.informational).toHaveLength(1);
    expect(home.informational[0]!.status).toBe(103);
    const links = home.informational[0]!.link.join(', ');
    expect(links).toContain('</static/js/main.0123abcd.js>; rel=preload; as=script');
    expect(links).toContain('</static/css/main.0123abcd.css>; rel=preload; as=style');
    expect(links).toContain('</static/js/locale-ar-AE.89abcdef.js>; rel=preload; as=script');
    expect(links).toContain('</static/js/home.13572468.js>');
    // A file name that would break out of the header is left out, not passed through.
    expect(links).not.toContain('rel=stylesheet');
    // The home page's chunk is for the home route only.
    const wallet = await get(port, '/pages/wallet/index');
    expect(wallet.status).toBe(200);
    expect(wallet.informational[0]!.link.join(', ')).not.toContain('home.13572468');
  });

  it('sends none when not configured, and none to an HTTP/1.0 client', async () => {
    const off = await get(await serve(false), '/');
    expect(off.status).toBe(200);
    expect(off.informational).toEqual([]);
    const port = await serve(true);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n'));
      let text = '';
      socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.[01] 200 /);
    expect(raw).not.toContain(' 103 ');
  });

  it('turns hints into header values, dropping any path that could break out of the header', () => {
    expect(
      linkHeaderValues([
        { href: '/static/js/a.js', as: 'script' },
        { href: '/remotes/card/1.0.0-abc/remoteEntry.js', as: 'script', crossorigin: true },
        { href: '/static/js/a.js>; rel=stylesheet', as: 'script' },
        { href: '/static/js/a.js, </evil.js', as: 'script' },
        { href: '/static/../../etc/passwd', as: 'script' },
        { href: 'https://evil.example/x.js', as: 'script' },
      ]),
    ).toEqual([
      '</static/js/a.js>; rel=preload; as=script',
      '</remotes/card/1.0.0-abc/remoteEntry.js>; rel=preload; as=script; crossorigin',
    ]);
  });
});
