import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { privateLoggerOptions, scrubText, serializeError } from '../../src/http/log-privacy';

/**
 * The log holds no personal data at any level (docs/security.md "Logs without personal data"): the
 * app runs with the production logger options at `trace` into a captured stream; a customer's whole
 * journey (code, register, sign-in, wrong password, profile, shipping address, KYC details, feedback)
 * and deliberate faults (a database error carrying the e-mail as a parameter, a unique violation whose
 * detail names it, NUL bytes, malformed bodies) are run; then the captured text is searched for every
 * personal value the customer sent.
 */
const CUSTOMER = {
  email: 'ayse.yilmaz.private@example.com',
  mobile: '+905321234567',
  password: 'Secr3t-Passw0rd!',
  firstName: 'Ayşe',
  lastName: 'Yılmazoğlu',
  documentNumber: '533401286',
  street: '27 Nişantaşı Teşvikiye Caddesi',
  receiver: 'Ayşe Yılmazoğlu',
  postalCode: 'TR34365',
  card: '4111111111111111',
};

describe.each(testDrivers())('logs without personal data on %s', (driver) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(
      driver,
      {},
      (app) => {
        // A database error whose parameter is personal (PostgreSQL quotes the value in the message).
        app.get('/test/dbError', async () => {
          await app.database.sql.query(`select $1::int as n`, [CUSTOMER.email]);
          return { code: 200, msg: 'ok', data: null };
        });
        // A unique violation: PostgreSQL's detail says "Key (email)=(…) already exists".
        app.get('/test/duplicate', async () => {
          for (let i = 0; i < 2; i++)
            await app.database.sql.query(
              `insert into users (email, password_hash, invite_code, agreement_version, created_at, updated_at)
               values ($1, 'x', $2, 'v1', now(), now())`,
              [CUSTOMER.email, `LOGDUP${i}`],
            );
          return { code: 200, msg: 'ok', data: null };
        });
      },
      { logger: { ...privateLoggerOptions('trace'), stream } },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs a customer journey and faults, and the log names none of the personal values', async () => {
    const { email, mobile, password } = CUSTOMER;
    expect((await t.post('user/sendCode', { account: email, purpose: 'register' })).code).toBe(200);
    const code = await t.lastCode(email);
    const registered = await t.post('user/register', {
      account: email,
      code,
      password,
      confirmPassword: password,
      agreement: true,
    });
    expect(registered.code).toBe(200);
    const token = registered.data.token as string;
    expect((await t.post('user/login', { account: email, password: 'Wr0ng-password!' })).code).not.toBe(200);
    expect((await t.post('user/login', { account: email, password })).code).toBe(200);
    expect((await t.get('user/info', {}, { token })).code).toBe(200);
    await t.post('user/sendCode', { account: mobile, purpose: 'bind' }, { token });
    const address = await t.post(
      'card/addAddress',
      {
        receiver: CUSTOMER.receiver,
        mobile,
        country: 'Türkiye',
        province: 'İstanbul',
        city: 'İstanbul',
        area: 'Şişli',
        detail: CUSTOMER.street,
        postalCode: CUSTOMER.postalCode,
      },
      { token },
    );
    expect(address.code).toBe(200);
    // KYC details with image ids that do not exist: refused after the details were read.
    await t.post(
      'kyc/level1',
      {
        country: 'TR',
        documentType: 'passport',
        firstName: CUSTOMER.firstName,
        lastName: CUSTOMER.lastName,
        documentNumber: CUSTOMER.documentNumber,
        birthDate: '1990-05-14',
        documentImages: ['999999'],
      },
      { token },
    );
    await t.post('content/feedback', { rating: 3, message: `call me on ${mobile} or ${email}` }, { token });
    // Faults: NUL bytes, a malformed body, a database error with the e-mail as parameter, a duplicate key.
    await t.post('content/feedback', { rating: 3, message: `${email}\u0000` }, { token });
    await t.inject({
      method: 'POST',
      url: `/api/user/login?account=${encodeURIComponent(email)}`,
      headers: { 'content-type': 'application/json', 'access-token': token, cookie: `cw_session=${token}` },
      payload: `{"account":"${email}","password":"${password}",`,
    });
    expect((await t.get('test/dbError')).key).toBe('internal_error');
    expect((await t.get('test/duplicate')).key).toBe('internal_error');
    await t.get('card/order', { id: CUSTOMER.card }, { token });

    const log = lines.join('');
    // The capture did see the journey and the faults (an empty log would pass vacuously).
    expect(log).toContain('"msg":"unhandled error"');
    expect(log).toContain('22P02'); // invalid_text_representation: the DB error was logged, without its value
    expect(log).toContain('23505'); // unique_violation
    expect(log).toContain('/api/user/register');
    const secrets = [...Object.values(CUSTOMER), token, code!, 'ayse.yilmaz.private', '5321234567', 'Yılmazoğlu'];
    for (const value of secrets) expect(log.includes(value), `log holds ${value}`).toBe(false);
  }, 120_000);
});

describe('log scrubbing (unit)', () => {
  it('drops SQL parameters and key details and masks contact data in any text', () => {
    const text = scrubText(
      'Failed query: insert into users (email) values ($1)\nparams: a@b.co,+905321234567\nKey (email)=(a@b.co) already exists. card 4111111111111111',
    );
    expect(text).not.toMatch(/a@b\.co|905321234567|4111111111111111/);
    expect(text).toContain('insert into users');
    const err = Object.assign(new Error('invalid input syntax for type integer: "x@y.example"'), {
      code: '22P02',
      detail: 'Key (email)=(x@y.example)',
      parameters: ['x@y.example'],
      cause: new Error('to +441234567890'),
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).toContain('22P02');
    expect(out).not.toMatch(/x@y\.example|441234567890/);
  });
});
