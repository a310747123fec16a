import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import { MessagingError, type MessagingProvider, type OutgoingMessage } from './types.js';

/** Real e-mail through an SMTP server (SMTP_* config). SMS is refused: no SMS gateway configured. */
export class SmtpProvider implements MessagingProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(private readonly smtp: NonNullable<Config['smtp']>) {
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
  }

  async send(m: OutgoingMessage): Promise<void> {
    if (m.channel !== 'email') throw new MessagingError('No SMS gateway is configured');
    try {
      await this.transport.sendMail({ from: this.smtp.from, to: m.to, subject: m.subject, text: m.body });
    } catch (e) {
      throw new MessagingError(`SMTP delivery failed: ${(e as Error).message}`);
    }
  }
}
