import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { allowedHostNames, hostNameOf } from '../../src/security/host-allowlist';
import { createTestApp, type TestApp } from '../support/harness';

/**
 * Host allowlist (issue 43): a page on another origin that rebinds its name to 127.0.0.1 still
 * sends its own name as `Host`; such a request is refused with 421 before anything else runs.
 */
describe('Host header parsing and the allowed names', () => {
  it('takes the name from name, name:port, [v6] and [v6]:port; refuses anything else', () => {
    expect(hostNameOf('LocalHost:8080')).toBe('localhost');
    expect(hostNameOf('127.0.0.1')).toBe('127.0.0.1');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf('wallet.example.com.')).toBe('wallet.example.com');
    for (const bad of [
      undefined,
      '',
      'a b',
      'user@localhost',
      'localhost/x',
      '::1',
      'localhost:99999999',
      'localhost:',
    ])
      expect(hostNameOf(bad), String(bad)).toBeUndefined();
  });

  it('sandbox: loopback names and HOST; a wildcard HOST adds this machine’s addresses; production: the list only', () => {
    const sandbox = allowedHostNames({ sandbox: true, host: '127.0.0.1', configured: [] });
    expect([...sandbox].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect(allowedHostNames({ sandbox: true, host: '192.168.7.9', configured: ['dev.example'] })).toEqual(
      new Set(['localhost', '127.0.0.1', '[::1]', '192.168.7.9', 'dev.example']),
    );
    const open = allowedHostNames({ sandbox: true, host: '0.0.0.0', configured: [] });
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (lan) expect(open.has(lan.address)).toBe(true);
    expect(allowedHostNames({ sandbox: false, host: '0.0.0.0', configured: ['Wallet.Example.com', '::1'] })).toEqual(
      new Set(['wallet.example.com', '[::1]']),
    );
  });

  it('production requires ALLOWED_HOSTS and refuses a list with ports or paths', () => {
    const prod = {
      APP_MODE: 'production',
      ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
      ADMIN_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    };
    expect(() => loadConfig(prod)).toThrow(/ALLOWED_HOSTS: is required outside sandbox/);
    expect(() => loadConfig({ ...prod, ALLOWED_HOSTS: 'wallet.example.com:443' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => loadConfig({ ...prod, ALLOWED_HOSTS: 'https://wallet.example.com' })).toThrow(/ALLOWED_HOSTS/);
    expect(loadConfig({ ALLOWED_HOSTS: 'a.example, b.example' }).allowedHosts).toEqual(['a.example', 'b.example']);
  });
});

describe('421 before routing (pglite)', () => {
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { IP_LOGIN_MAX: '10000' });
    prod = await createTestApp('pglite', {
      APP_MODE: 'production',
      ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
      ALLOWED_HOSTS: 'wallet.example.com',
    });
  });
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  const call = (app: TestApp, host: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...(host !== undefined ? { host } : {}), 'accept-language': 'tr-TR' },
      ...(payload ? { payload } : {}),
    });

  it('the sandbox answers localhost, 127.0.0.1 and [::1] with any port', async () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080'])
      expect((await call(t, host, 'GET', '/api/system/health')).statusCode, host).toBe(200);
  });

  it('a rebound name cannot read one-time codes, sign in as the admin or load a page; the answer is translated', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/dev/outbox', undefined],
      ['POST', '/api/user/adminLogin', { username: 'admin', password: 'Admin1234!', otp: '000000' }],
      ['POST', '/api/dev/chain/deposit', {}],
      ['GET', '/api/no-such-route', undefined],
      ['GET', '/', undefined],
    ] as const) {
      for (const host of [
        'rebind.attacker.test',
        'rebind.attacker.test:8080',
        'localhost.attacker.test',
        '127.0.0.2',
      ]) {
        const res = await call(t, host, method, url, payload);
        expect(res.statusCode, `${host} ${url}`).toBe(421);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(res.body)).toMatchObject({ code: 403, key: 'host_not_allowed', data: null });
        expect(JSON.parse(res.body).msg).toMatch(/adres/);
      }
    }
  });

  it('production: only the configured names; loopback names too are refused', async () => {
    expect((await call(prod, 'wallet.example.com', 'GET', '/api/system/health')).statusCode).toBe(200);
    expect((await call(prod, 'WALLET.example.com:443', 'GET', '/api/system/health')).statusCode).toBe(200);
    expect((await call(prod, 'localhost', 'GET', '/api/system/health')).statusCode).toBe(421);
    expect((await call(prod, 'evil.example.com', 'GET', '/api/system/health')).statusCode).toBe(421);
  });

  it('over a real socket: no Host (HTTP/1.0), a forged Host and a good one', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = new net.Socket();
        let data = '';
        socket.on('data', (d: Buffer) => (data += d.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
        socket.connect(port, '127.0.0.1', () => socket.write(head));
      });
    expect(await raw('GET /api/system/health HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 421/);
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/system/health', headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
    expect(await get('attacker.test')).toBe(421);
    expect(await get(`127.0.0.1:${port}`)).toBe(200);
  });
});
