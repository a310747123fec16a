import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Graceful shutdown behind a load balancer (docs/operations.md "Graceful shutdown"). `main.ts` on
 * SIGTERM: `begin()` — every response from now on carries `Connection: close`, so the proxy stops
 * reusing this process's connections; `stopAccepting()` closes the listening socket (new connections
 * are refused, which nginx retries on another process for every method, since nothing was sent);
 * `settled()` waits until every request being processed has been answered (and at least a short
 * grace, so requests already on the wire are read); `closeRemaining()` then closes idle sockets. Streams that already started (server-sent events) do not hold the
 * shutdown: they are ended by `app.close()` and the browser reconnects through the proxy elsewhere.
 */
export interface Drain {
  begin(): void;
  /**
   * Stops accepting connections WITHOUT Node's usual closing of idle ones: a connection just
   * accepted whose request has not been parsed yet counts as idle, and closing it would reset a
   * request the client already sent. Idle connections are closed by `closeRemaining()` instead,
   * after the requests in flight are answered (each answer says `Connection: close`).
   */
  stopAccepting(): void;
  closeRemaining(): void;
  readonly draining: boolean;
  /** Requests being processed right now (not counting open streams). */
  inFlight(): number;
  /** After `graceMs`, resolves true when nothing is in flight, false when `timeoutMs` passed first. */
  settled(timeoutMs: number, graceMs?: number): Promise<boolean>;
}

export function installDrain(app: FastifyInstance): Drain {
  const active = new Set<FastifyReply>();
  let draining = false;
  let wake: (() => void) | undefined;
  // `reply.sent` is true once a response ended or the route took the socket over (a stream).
  const inFlight = () => [...active].filter((r) => !r.sent).length;

  app.addHook('onRequest', async (request, reply) => {
    active.add(reply);
    reply.raw.once('close', () => {
      active.delete(reply);
      wake?.();
    });
    if (draining) reply.header('Connection', 'close');
  });
  app.addHook('onResponse', async () => {
    wake?.();
  });

  return {
    begin() {
      draining = true;
    },
    stopAccepting() {
      const server = app.server;
      const closeIdle = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => undefined;
      server.close();
      server.closeIdleConnections = closeIdle;
    },
    closeRemaining() {
      app.server.closeIdleConnections();
    },
    get draining() {
      return draining;
    },
    inFlight,
    async settled(timeoutMs, graceMs = 250) {
      const deadline = Date.now() + timeoutMs;
      // A request whose bytes are on an accepted connection but not parsed yet is not counted yet.
      await new Promise((resolve) => setTimeout(resolve, Math.min(graceMs, timeoutMs)).unref());
      while (inFlight() > 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        // Re-checked on every finished request, and at least every 100 ms.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(100, left)).unref();
        });
      }
      return true;
    },
  };
}
