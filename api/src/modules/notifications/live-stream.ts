import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { LiveHub } from '../../events/live-hub.js';
import { BusinessError } from '../../http/errors.js';
import { hashToken, newToken } from '../../security/tokens.js';

export const STREAM_TICKET_TTL_SECONDS = 60;
/** A comment line this often keeps proxies from closing an idle stream; the session is re-checked then too. */
export const STREAM_HEARTBEAT_MS = 25_000;

/**
 * Server-sent events per signed-in session (docs/api.md "Live updates"). The page gets a ticket
 * with its Access-Token, then opens `GET notifications/stream?ticket=…` (an EventSource cannot send
 * headers). Each committed domain event of the customer is sent as `event: domain` with its type; the
 * page refetches what it shows. The stream ends when the session is revoked or expires.
 */
export class LiveStreams {
  readonly hub = new LiveHub();
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly app: FastifyInstance) {
    app.addHook('onClose', async () => {
      for (const res of this.open) res.end();
      this.open.clear();
      await this.hub.stop();
    });
  }

  async issueTicket(userId: string, sessionId: number): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = newToken();
    const now = this.app.clock.now();
    await this.app.database.sql.query(`DELETE FROM live_stream_tickets WHERE expires_at < $1`, [now.toISOString()]);
    await this.app.database.sql.query(
      `INSERT INTO live_stream_tickets (token_hash, user_id, session_id, expires_at) VALUES ($1, $2::bigint, $3::bigint, $4)`,
      [hashToken(ticket), userId, sessionId, new Date(now.getTime() + STREAM_TICKET_TTL_SECONDS * 1000).toISOString()],
    );
    return { ticket, expiresInSeconds: STREAM_TICKET_TTL_SECONDS };
  }

  /** Consumes a ticket (once); unknown, used or expired → 401 so the page asks for a new one. */
  private async redeem(ticket: string): Promise<{ userId: string; sessionId: string }> {
    const [row] = await this.app.database.sql.query<{ user_id: string; session_id: string }>(
      `UPDATE live_stream_tickets t SET used_at = $2
       FROM sessions s
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND s.id = t.session_id AND s.revoked_at IS NULL AND s.expires_at > $2
       RETURNING t.user_id::text AS user_id, t.session_id::text AS session_id`,
      [hashToken(ticket), this.app.clock.now().toISOString()],
    );
    if (!row) throw new BusinessError('unauthenticated');
    return { userId: row.user_id, sessionId: row.session_id };
  }

  private async sessionLive(sessionId: string): Promise<boolean> {
    const rows = await this.app.database.sql.query(
      `SELECT 1 FROM sessions WHERE id = $1::bigint AND revoked_at IS NULL AND expires_at > $2`,
      [sessionId, this.app.clock.now().toISOString()],
    );
    return rows.length > 0;
  }

  async serve(request: FastifyRequest, reply: FastifyReply, ticket: string): Promise<void> {
    const { userId, sessionId } = await this.redeem(ticket);
    await this.hub.start(this.app.database, this.app.config.databaseUrl);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx and similar proxies must pass each event on at once.
      'X-Accel-Buffering': 'no',
      'X-Request-Id': request.id,
    });
    this.open.add(res);
    res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
    const unsubscribe = this.hub.subscribe(userId, (n) => {
      res.write(`id: ${n.id}\nevent: domain\ndata: ${JSON.stringify({ id: n.id, type: n.type })}\n\n`);
    });
    const heartbeat = setInterval(() => {
      this.sessionLive(sessionId)
        .then((live) => {
          if (live) res.write(`: keep-alive\n\n`);
          else {
            res.write(`event: end\ndata: {"reason":"session_ended"}\n\n`);
            res.end();
          }
        })
        .catch(() => undefined);
    }, STREAM_HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(res);
    });
  }
}
