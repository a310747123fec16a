/** Delivers one message (verification codes, notices) to an e-mail address or an E.164 mobile. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

export interface MessagingProvider {
  readonly name: string;
  /** Resolves when the message was accepted for delivery; rejects with MessagingError otherwise. */
  send(message: OutgoingMessage): Promise<void>;
}

export class MessagingError extends Error {
  override readonly name = 'MessagingError';
}

// The provider declares its own decoration, so http/ knows nothing of providers (docs/architecture.md).
declare module 'fastify' {
  interface FastifyInstance {
    messaging: MessagingProvider;
  }
}
