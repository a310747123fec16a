import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encodeHtml, ENCODED_HTML_CACHE_BYTES } from '../../src/web/html-encoding.js';

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

  it('compresses one text once per coding: the same bytes for every client that gets that text', () => {
    const html = '<!doctype html><title>CardWallet</title>' + 'y'.repeat(3_000);
    const first = encodeHtml(html, 'br');
    const again = encodeHtml(`${html.slice(0, 10)}${html.slice(10)}`, 'gzip, br');
    expect(again.body).toBe(first.body);
    const gz = encodeHtml(html, 'gzip');
    expect(gz.body).not.toBe(first.body);
    expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
    // Another text (another cohort's releases, language or route) is never answered from this one.
    const other = encodeHtml(html.replace('CardWallet', 'CardWallat'), 'br');
    expect(brotliDecompressSync(other.body).toString('utf8')).toContain('CardWallat');
  });

  it("keeps no customer's own page: compressed for its answer only, never served from or put in the cache", () => {
    const html = '<!doctype html><p class="cwf-fig-amount">$1,234.50</p>' + 'q'.repeat(3_000);
    const personal = encodeHtml(html, 'br', { personal: true });
    expect(brotliDecompressSync(personal.body).toString('utf8')).toBe(html);
    expect(encodeHtml(html, 'br', { personal: true }).body).not.toBe(personal.body);
    // Not left behind for a shared page of the same text either: that one is compressed afresh, then kept.
    const shared = encodeHtml(html, 'br');
    expect(shared.body).not.toBe(personal.body);
    expect(encodeHtml(html, 'br').body).toBe(shared.body);
  });

  it('stays bounded: texts beyond the cache are compressed afresh, and still right', () => {
    const size = 40_000;
    const count = Math.ceil(ENCODED_HTML_CACHE_BYTES / 2 / (size * 2)) + 5;
    const texts = Array.from({ length: count }, (_, i) => `<!doctype html><p>${i}</p>${'z'.repeat(size)}`);
    const firstBodies = texts.map((t) => encodeHtml(t, 'br').body);
    // The oldest aged out: a new compression, same text.
    const oldest = encodeHtml(texts[0]!, 'br').body;
    expect(oldest).not.toBe(firstBodies[0]);
    expect(brotliDecompressSync(oldest).toString('utf8')).toBe(texts[0]);
    // The newest is still kept.
    expect(encodeHtml(texts[count - 1]!, 'br').body).toBe(firstBodies[count - 1]);
  });
});
