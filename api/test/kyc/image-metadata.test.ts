import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { ImageFilter } from '../../src/media/image-filter';
import { demoDocumentPng } from '../../src/modules/kyc/demo-image';

// A real progressive JPEG (Node.js documentation's thin-white-stripe.jpg, 493×58, MIT), to which a
// camera/editor-style XMP packet carrying the position is added right after SOI, as exiftool does.
const REAL_JPEG = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/stripe.jpg'));
const XMP = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.4833N" exif:GPSLongitude="2,17.7667E"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

function app1(namespace: string, body: Buffer): Buffer {
  const payload = Buffer.concat([Buffer.from(namespace, 'latin1'), body]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(payload.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xe1]), len, payload]);
}

function jpegWithXmpGps(): Buffer {
  const xmp = app1('http://ns.adobe.com/xap/1.0/\0', Buffer.from(XMP, 'utf8'));
  // Extended XMP (a GUID, full length, offset, then a chunk of the packet) can carry the same.
  const ext = app1(
    'http://ns.adobe.com/xmp/extension/\0',
    Buffer.concat([Buffer.from('0'.repeat(32)), Buffer.alloc(8), Buffer.from(XMP, 'utf8')]),
  );
  return Buffer.concat([REAL_JPEG.subarray(0, 2), xmp, ext, REAL_JPEG.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

async function filtered(input: Buffer): Promise<{ out: Buffer; filter: ImageFilter }> {
  const filter = new ImageFilter(20 * 1024 * 1024);
  const chunks: Buffer[] = [];
  // Small chunks: segments arrive split, as they do from a socket.
  const parts = Array.from({ length: Math.ceil(input.length / 97) }, (_, i) => input.subarray(i * 97, (i + 1) * 97));
  await pipeline(
    Readable.from(parts),
    filter,
    new Writable({ write: (c, _e, cb) => (chunks.push(c as Buffer), cb()) }),
  );
  return { out: Buffer.concat(chunks), filter };
}

describe('GPS in XMP is stripped from uploaded images', () => {
  it('JPEG: a kept parser (exifr) reads the position before, nothing after; the picture is untouched', async () => {
    const input = jpegWithXmpGps();
    expect(await exifr.parse(input, { xmp: true, mergeOutput: true })).toMatchObject({ GPSLatitude: '48,51.4833N' });
    const { out, filter } = await filtered(input);
    expect(filter.type).toBe('image/jpeg');
    expect(filter.gpsRemoved).toBe(true);
    const after = await exifr.parse(out, { xmp: true, mergeOutput: true });
    expect(after?.GPSLatitude).toBeUndefined();
    expect(out.toString('latin1')).not.toMatch(/GPSLatitude|GPSLongitude|ns\.adobe\.com/);
    // Exactly the original file again: the image data and every other segment pass unchanged.
    expect(out.equals(REAL_JPEG)).toBe(true);
  });

  it('PNG: text chunks (iTXt XMP, tEXt, zTXt) are dropped, the image chunks kept', async () => {
    const base = demoDocumentPng(40, 20);
    const xmpChunk = pngChunk(
      'iTXt',
      Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(XMP, 'utf8')]),
    );
    const text = pngChunk('tEXt', Buffer.from('Comment\0taken at 48.8582 N 2.2945 E', 'latin1'));
    const input = Buffer.concat([base.subarray(0, 33), xmpChunk, text, base.subarray(33)]);
    const { out, filter } = await filtered(input);
    expect(filter.gpsRemoved).toBe(true);
    expect(out.toString('latin1')).not.toMatch(/GPSLatitude|48\.8582|XML:com\.adobe\.xmp/);
    expect(out.equals(base)).toBe(true);
  });
});
