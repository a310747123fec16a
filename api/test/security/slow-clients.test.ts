import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

/**
 * Slow clients are cut (issue 43; docs/operations.md "Timeouts"), with the default limits, over a
 * real loopback socket: a body trickled one byte every 4 s is cut at REQUEST_TIMEOUT_MS (30 s), a
 * header trickled the same way at HEADERS_TIMEOUT_MS (10 s), a silent connection as well. Each
 * client is a bounded loop: it stops when the server closes the socket, or after 60 s.
 */
const STEP_MS = 4_000;
const BOUND_MS = 60_000;

interface Outcome {
  closedAfterMs: number;
  answer: string;
}

/** Connects, writes `head`, then one byte of `trickle` every STEP_MS until the server closes or BOUND_MS passes. */
function slowClient(port: number, head: string, trickle: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    };
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      if (head) socket.write(head);
      if (!trickle) return;
      timer = setInterval(() => {
        if (Date.now() - started > BOUND_MS) {
          socket.destroy();
          reject(new Error(`still open after ${BOUND_MS} ms`));
          return;
        }
        if (!socket.destroyed) socket.write(trickle[i++ % trickle.length]!);
      }, STEP_MS);
    });
    setTimeout(() => {
      if (!socket.destroyed) {
        socket.destroy();
        reject(new Error(`still open after ${BOUND_MS} ms`));
      }
    }, BOUND_MS + STEP_MS).unref();
  });
}

describe('slow clients are cut (pglite, default limits)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', {});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(async () => t?.close());

  it('a body one byte every 4 s: cut at 30 s; a header one byte every 4 s: cut at 10 s; a silent connection too', async () => {
    const body = JSON.stringify({ account: 'slow@example.com', password: 'x'.repeat(400) });
    const [slowBody, slowHeader, silent] = await Promise.all([
      slowClient(
        port,
        `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      ),
      slowClient(port, 'GET /api/system/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'abcdefghij'),
      slowClient(port, '', ''),
    ]);
    console.info(
      `[timeouts] body cut after ${slowBody.closedAfterMs} ms, header after ${slowHeader.closedAfterMs} ms, silent after ${silent.closedAfterMs} ms`,
    );
    expect(slowBody.closedAfterMs).toBeGreaterThanOrEqual(29_000);
    expect(slowBody.closedAfterMs).toBeLessThanOrEqual(33_000);
    expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(slowHeader.closedAfterMs).toBeLessThanOrEqual(13_000);
    expect(silent.closedAfterMs).toBeLessThanOrEqual(13_000);
  }, 90_000);

  it('a request sent at once is answered as before', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/system/health`);
    expect(res.status).toBe(200);
  });
});
