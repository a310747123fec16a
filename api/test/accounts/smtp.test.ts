import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

/** A minimal SMTP server that accepts every message and keeps the raw DATA. */
function fakeSmtp(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe('SMTP e-mail delivery (SMTP_* configured)', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp('pglite', {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'CardWallet <no-reply@cardwallet.test>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the code by SMTP (not to the outbox) and the code registers', async () => {
    const account = 'smtp-user@example.com';
    expect((await t.post('user/sendCode', { account, purpose: 'register' })).code).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    const raw = decodeQuotedPrintable(smtp.messages[0]!);
    expect(raw).toMatch(/^To: smtp-user@example.com/m);
    expect(raw).toMatch(/^From: CardWallet <no-reply@cardwallet.test>/m);
    const code = raw.match(/verification code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.lastCode(account)).toBeUndefined();
    const res = await t.post('user/register', {
      account,
      code,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      agreement: true,
    });
    expect(res.code).toBe(200);
  });

  it('SMS still goes to the sandbox outbox in sandbox mode', async () => {
    expect((await t.post('user/sendCode', { account: '+905321234599', purpose: 'register' })).code).toBe(200);
    expect(await t.lastCode('+905321234599')).toMatch(/^\d{6}$/);
  });

  it('an unreachable SMTP server → code_delivery_failed, no cooldown left behind', async () => {
    const down = await createTestApp('pglite', {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
      SMTP_FROM: 'no-reply@cardwallet.test',
    });
    try {
      const res = await down.post('user/sendCode', { account: 'nobody-smtp@example.com', purpose: 'register' });
      expect(res).toMatchObject({ code: 500, key: 'code_delivery_failed' });
      expect((await down.post('user/sendCode', { account: 'nobody-smtp@example.com', purpose: 'register' })).key).toBe(
        'code_delivery_failed',
      );
    } finally {
      await down.close();
    }
  });
});
