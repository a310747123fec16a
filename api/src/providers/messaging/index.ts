import type { Config } from '../../config.js';
import type { SqlRunner } from '../../db/index.js';
import { SandboxOutbox } from './sandbox.js';
import { SmtpProvider } from './smtp.js';
import { MessagingError, type MessagingProvider, type OutgoingMessage } from './types.js';

export * from './types.js';
export { SandboxOutbox } from './sandbox.js';

/**
 * Picks delivery per channel from configuration:
 * - e-mail: SMTP when SMTP_HOST is set, else the sandbox outbox in sandbox mode, else refused;
 * - SMS: the sandbox outbox in sandbox mode, else refused (no SMS gateway is integrated yet).
 */
export function createMessaging(config: Config, db: SqlRunner): MessagingProvider {
  const outbox = config.sandbox ? new SandboxOutbox(db) : undefined;
  const smtp = config.smtp ? new SmtpProvider(config.smtp) : undefined;
  return {
    name: [smtp?.name, outbox?.name].filter(Boolean).join('+') || 'none',
    async send(m: OutgoingMessage) {
      if (m.channel === 'email' && smtp) return smtp.send(m);
      if (outbox) return outbox.send(m);
      throw new MessagingError(`No ${m.channel} delivery is configured outside sandbox mode`);
    },
  };
}
