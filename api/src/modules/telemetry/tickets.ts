import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Telemetry tickets (issue 43): telemetry is anonymous, so one source could otherwise forge any
 * number of sessions for a public release id and steer a canary verdict. A page first asks for a
 * short-lived ticket (POST /api/telemetry/ticket, limited per address), signed with SIGNING_SECRET
 * and bound to the page's telemetry session id and to the releases it loaded; a batch counts only
 * with a valid ticket for its session id, only for those releases, a session at most once per
 * ticket and app, and at most TICKET_MAX_EVENTS events per ticket. Unticketed batches are dropped
 * (counted as `unticketed`), so the canary analysis never sees them.
 */
export const TICKET_SECONDS = 15 * 60;
export const TICKET_MAX_EVENTS = 512;

export interface TicketClaims {
  /** The ticket's own id (random). */
  id: string;
  sessionId: string;
  /** `app|release` pairs the ticket covers. */
  releases: Set<string>;
  expiresAt: number;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`telemetry-ticket\0${body}`).digest('base64url');

export function issueTicket(
  secret: string,
  sessionId: string,
  releases: ReadonlyArray<{ app: string; release: string }>,
  nowMs: number,
): { ticket: string; expiresAt: number } {
  const expiresAt = Math.floor(nowMs / 1000) + TICKET_SECONDS;
  const body = b64(
    JSON.stringify({
      i: randomBytes(12).toString('base64url'),
      s: sessionId,
      r: releases.map((r) => `${r.app}|${r.release}`),
      e: expiresAt,
    }),
  );
  return { ticket: `t1.${body}.${mac(secret, body)}`, expiresAt: expiresAt * 1000 };
}

/** The ticket's claims when it is ours, unexpired and issued to `sessionId`; else undefined. */
export function verifyTicket(
  secret: string,
  ticket: string | undefined,
  sessionId: string,
  nowMs: number,
): TicketClaims | undefined {
  if (!ticket || ticket.length > 2000) return undefined;
  const [v, body, sig] = ticket.split('.');
  if (v !== 't1' || !body || !sig) return undefined;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      i: string;
      s: string;
      r: string[];
      e: number;
    };
    if (c.s !== sessionId || typeof c.e !== 'number' || c.e * 1000 <= nowMs || !Array.isArray(c.r)) return undefined;
    return { id: c.i, sessionId: c.s, releases: new Set(c.r), expiresAt: c.e * 1000 };
  } catch {
    return undefined;
  }
}

/**
 * What a ticket has already been used for: its counted sessions (per app) and its events. In
 * Redis when configured (every process sees the same ticket use), else in process memory.
 */
export class TicketUse {
  private readonly memory = new Map<string, { sessions: Set<string>; events: number; until: number }>();
  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
  ) {}

  private entry(id: string, until: number) {
    let e = this.memory.get(id);
    if (!e) {
      if (this.memory.size > 100_000) {
        const now = Date.now();
        for (const [k, v] of this.memory) if (v.until <= now) this.memory.delete(k);
      }
      e = { sessions: new Set(), events: 0, until };
      this.memory.set(id, e);
    }
    return e;
  }

  /** Reserves `n` events of the ticket; resolves how many fit under TICKET_MAX_EVENTS. */
  async takeEvents(t: TicketClaims, n: number): Promise<number> {
    if (this.redis) {
      try {
        const key = `${this.prefix}tt:${t.id}:events`;
        const total = await this.redis.incrby(key, n);
        if (total === n) await this.redis.expire(key, TICKET_SECONDS + 60);
        return Math.max(0, Math.min(n, TICKET_MAX_EVENTS - (total - n)));
      } catch {
        // Redis away: this process's own count still caps the ticket.
      }
    }
    const e = this.entry(t.id, t.expiresAt);
    const fit = Math.max(0, Math.min(n, TICKET_MAX_EVENTS - e.events));
    e.events += n;
    return fit;
  }

  /** Whether this is the first session of `app` under the ticket (a session is counted once). */
  async firstSession(t: TicketClaims, app: string): Promise<boolean> {
    if (this.redis) {
      try {
        const set = await this.redis.set(`${this.prefix}tt:${t.id}:s:${app}`, '1', 'EX', TICKET_SECONDS + 60, 'NX');
        return set === 'OK';
      } catch {
        // fall through to memory
      }
    }
    const e = this.entry(t.id, t.expiresAt);
    if (e.sessions.has(app)) return false;
    e.sessions.add(app);
    return true;
  }
}
