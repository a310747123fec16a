import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encodeHtml } from '../../src/web/html-encoding.js';

describe('content coding negotiation (one rule for the document and the release files)', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
  });

  it('chooses only among the codings this response has', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
    expect(chooseEncoding('br, gzip', [])).toBeUndefined();
  });

  it('a "brotli" or "gzipped" token is not br or gzip', () => {
    expect(chooseEncoding('brotli')).toBeUndefined();
    expect(chooseEncoding('x-gzipped')).toBeUndefined();
  });

  it('encodes the document so it decodes back to the same text', () => {
    const html = '<!doctype html><title>CardWallet</title>' + 'x'.repeat(2_000);
    const br = encodeHtml(html, 'br, gzip');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    const gz = encodeHtml(html, 'br;q=0, gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
    const plain = encodeHtml(html, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(html);
  });
});
