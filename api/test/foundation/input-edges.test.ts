import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@cardwallet/shared';
import { z } from 'zod';
import { multiLineText } from '@cardwallet/shared/schemas';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

/**
 * The edges of input (docs/security.md "Input edges"): one rule for every string (NUL, C0 controls,
 * DEL, lone surrogates refused naming the field; tab/newline only in multi-line text; NFC), a JSON
 * number where a decimal string is expected, and every router-level refusal in the translated envelope.
 */
describe.each(testDrivers())('input edges on %s', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver, {}, (app) => {
      // Echoes what the handler receives: shows the NFC rewrite and the multi-line marking.
      app.post(
        '/test/echo',
        {
          schema: {
            body: z.object({
              label: z.string().max(50),
              note: multiLineText(z.string().max(200)).optional(),
              tags: z.array(z.string()).optional(),
            }),
          },
        },
        async (r) => ({ code: 200, msg: 'ok', data: r.body }),
      );
    });
    token = (await t.createUser({ kycLevel: 2 })).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const characters = translate('en-US', 'validation.characters');

  it('refuses NUL in a query value and a body field with 422 naming the field (not internal_error)', async () => {
    const order = await t.get('card/order', { id: '\u0000' }, { token });
    expect(order).toMatchObject({ code: 422, key: 'invalid_params', data: { fields: { id: characters } } });
    const feedback = await t.post('content/feedback', { rating: 5, message: 'hi\u0000there' }, { token });
    expect(feedback).toMatchObject({ code: 422, key: 'invalid_params', data: { fields: { message: characters } } });
    // Raw %00 in the URL and in a path parameter.
    const raw = await t.inject({ method: 'GET', url: '/api/card/order?id=%00', headers: { 'access-token': token } });
    expect(JSON.parse(raw.body)).toMatchObject({ code: 422, data: { fields: { id: characters } } });
  });

  it('refuses C0 controls, DEL and lone surrogates; tab and newline only where the text is multi-line', async () => {
    for (const bad of ['a\u0001b', 'a\u001bb', 'a\u007fb', 'a\ud800b', 'a\udc00', 'a\nb', 'a\tb', 'a\rb']) {
      const res = await t.post('test/echo', { label: bad });
      expect(res, JSON.stringify(bad)).toMatchObject({ code: 422, data: { fields: { label: characters } } });
    }
    const nested = await t.post('test/echo', { label: 'ok', tags: ['fine', 'x\u0000'] });
    expect(nested).toMatchObject({ code: 422, data: { fields: { 'tags.1': characters } } });
    const lines = await t.post('test/echo', { label: 'ok', note: 'line one\r\nline\ttwo\n' });
    expect(lines).toMatchObject({ code: 200, data: { note: 'line one\r\nline\ttwo\n' } });
    const nulInNote = await t.post('test/echo', { label: 'ok', note: 'x\u0000' });
    expect(nulInNote).toMatchObject({ code: 422, data: { fields: { note: characters } } });
    // A multi-line message through the real feedback form: accepted.
    const feedback = await t.post('content/feedback', { rating: 4, message: 'first line\nsecond line' }, { token });
    expect(feedback.code).toBe(200);
    // Emoji (valid surrogate pairs), right-to-left and CJK text pass.
    expect((await t.post('test/echo', { label: '🙂 مرحبا 你好' })).code).toBe(200);
    // Control characters in a key are refused too.
    expect((await t.post('test/echo', { label: 'ok', ['k\u0000']: 1 })).code).toBe(422);
  });

  it('compares and stores identifiers in NFC', async () => {
    const decomposed = 'Cafe\u0301'; // "Café" typed as e + combining acute
    const res = await t.post('test/echo', { label: decomposed, tags: [decomposed] });
    expect(res.data.label).toBe('Caf\u00e9');
    expect(res.data.tags[0]).toBe('Caf\u00e9');
  });

  it('names a JSON number sent where a decimal string is expected (not "Required")', async () => {
    const res = await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'BTC', amount: 12.5 }, { token });
    expect(res).toMatchObject({
      code: 422,
      key: 'invalid_params',
      data: { fields: { amount: translate('en-US', 'validation.decimalString') } },
    });
    const missing = await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'BTC' }, { token });
    expect(missing.data.fields.amount).toBe(translate('en-US', 'validation.required'));
    const zero = await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'BTC', amount: '0.00' }, { token });
    expect(zero.data.fields.amount).toBe(translate('en-US', 'validation.amountPositive'));
  });

  it('answers every router-level refusal in the translated envelope', async () => {
    const zh = { 'accept-language': 'zh-HK', 'access-token': token };
    const expectEnvelope = (
      res: { statusCode: number; body: string; headers: Record<string, unknown> },
      key: string,
    ) => {
      expect(res.statusCode, key).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ code: 422, key, msg: translate('zh-HK', `errors.${key}`) });
      expect(res.body).not.toContain('aaaaaaaaaa');
      return body;
    };
    // A path parameter over 200 characters (the router's raw 414 echoed the URL).
    expectEnvelope(
      await t.inject({ method: 'POST', url: `/api/releases/${'a'.repeat(300)}/rollback`, headers: zh }),
      'uri_too_long',
    );
    // A broken %-encoding in the path.
    expectEnvelope(
      await t.inject({ method: 'GET', url: '/api/releases/%E0%A4%A/overview', headers: zh }),
      'illegal_request',
    );
    // A body over the limit.
    expectEnvelope(
      await t.inject({
        method: 'POST',
        url: '/api/content/feedback',
        headers: { ...zh, 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'a'.repeat(t.config.bodyLimit + 10) }),
      }),
      'payload_too_large',
    );
    // Not JSON.
    expectEnvelope(
      await t.inject({
        method: 'POST',
        url: '/api/content/feedback',
        headers: { ...zh, 'content-type': 'application/xml' },
        payload: '<x/>',
      }),
      'unsupported_media_type',
    );
    // A method the path does not take: 405 in the envelope, with Allow.
    const put = await t.inject({ method: 'PUT', url: '/api/user/info', headers: zh });
    expectEnvelope(put, 'method_not_allowed');
    expect(put.headers.allow).toBe('GET, HEAD');
    // An unknown path stays not_found.
    const unknown = JSON.parse((await t.inject({ method: 'GET', url: '/api/nothing/here', headers: zh })).body);
    expect(unknown).toMatchObject({ code: 404, key: 'not_found', msg: translate('zh-HK', 'errors.not_found') });
  });
});
