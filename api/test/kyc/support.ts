import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { demoDocumentPng } from '../../src/modules/kyc/demo-image';

/** A scratch directory for test uploads (removeScratch deletes it). */
export function useScratchUploads(): string {
  return path.join(os.tmpdir(), `cw-kyc-uploads-${process.pid}-${randomBytes(3).toString('hex')}`);
}

/** The test app's settings for KYC: uploads in `dir`; the sandbox reviews at once and never delivers in the background (tests deliver). */
export const kycTestEnv = (dir: string): Record<string, string> => ({
  UPLOAD_DIR: dir,
  SANDBOX_KYC_DELIVERY_MS: '0',
  SANDBOX_KYC_REVIEW_MS: '0',
});
export function removeScratch(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export const png = () => demoDocumentPng(40, 20);

/** A small JPEG whose EXIF carries a GPS position (latitude 48°51'29" N) and an orientation. */
export function jpegWithGps(): Buffer {
  const tiff = Buffer.alloc(120);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0 at 8: 2 entries — Orientation (0x0112) = 6, GPSInfo (0x8825) → 38
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(6, 18);
  tiff.writeUInt16LE(0x8825, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.writeUInt32LE(0, 34); // next IFD
  // GPS IFD at 38: 2 entries — LatitudeRef 'N', Latitude 3 rationals at 68
  tiff.writeUInt16LE(2, 38);
  tiff.writeUInt16LE(1, 40);
  tiff.writeUInt16LE(2, 42);
  tiff.writeUInt32LE(2, 44);
  tiff.write('N\0', 48, 'latin1');
  tiff.writeUInt16LE(2, 52);
  tiff.writeUInt16LE(5, 54);
  tiff.writeUInt32LE(3, 56);
  tiff.writeUInt32LE(68, 60);
  tiff.writeUInt32LE(0, 64);
  [48, 1, 51, 1, 29, 1].forEach((v, i) => tiff.writeUInt32LE(v, 68 + i * 4));
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), u16(exif.length + 2), exif]);
  const sos = Buffer.concat([Buffer.from([0xff, 0xda]), u16(8), Buffer.from([1, 1, 0, 0, 63, 0])]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app1,
    sos,
    randomBytes(200).map((b) => (b === 0xff ? 0 : b)),
    Buffer.from([0xff, 0xd9]),
  ]);
}
function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

export interface Part {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}
export function multipart(
  parts: Part[],
  opts: { truncate?: boolean } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cwtest${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename !== undefined
        ? `form-data; name="${p.name ?? 'file'}"; filename="${p.filename}"`
        : `form-data; name="${p.name ?? 'field'}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (opts.truncate) payload = payload.subarray(0, Math.floor(payload.length * 0.6));
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const files = (...bufs: Buffer[]) =>
  bufs.map((data, i) => ({ name: 'file', filename: `photo-${i}.jpg`, type: 'image/jpeg', data }));

export function sign(body: string, secret = 'cardwallet-sandbox-kyc-webhook-secret'): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-payload-digest': createHmac('sha256', secret).update(body).digest('hex'),
    'x-payload-digest-alg': 'HMAC_SHA256_HEX',
  };
}

/** Today minus `years` (UTC calendar date) plus `days`. */
export function dateYearsAgo(now: Date, years: number, days = 0): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}
