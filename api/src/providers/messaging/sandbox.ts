import type { SqlRunner } from '../../db/index.js';
import type { MessagingProvider, OutgoingMessage } from './types.js';

/**
 * Sandbox delivery: every message lands in the outbox_messages table, readable at
 * GET /api/dev/outbox (sandbox mode only). Behaves like a real provider for the caller.
 */
export class SandboxOutbox implements MessagingProvider {
  readonly name = 'sandbox-outbox';
  constructor(private readonly db: SqlRunner) {}

  async send(m: OutgoingMessage): Promise<void> {
    await this.db.query(`insert into outbox_messages (channel, recipient, subject, body) values ($1, $2, $3, $4)`, [
      m.channel,
      m.to,
      m.subject,
      m.body,
    ]);
  }

  async list(filter: { to?: string | undefined; limit: number }) {
    return this.db.query<{ id: string; channel: string; to: string; subject: string; body: string; createdAt: string }>(
      `select id::text as id, channel, recipient as "to", subject, body, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
         from outbox_messages where ($1::text is null or recipient = $1::text) order by outbox_messages.id desc limit $2`,
      [filter.to ?? null, filter.limit],
    );
  }
}
