import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export type ImageType = 'image/jpeg' | 'image/png';

export class ImageRejected extends Error {
  constructor(readonly reason: 'not_image' | 'incomplete' | 'too_large') {
    super(reason);
    this.name = 'ImageRejected';
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG chunks that carry metadata only (EXIF, free text, XMP): never needed to show the image. */
const DROPPED_PNG_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);
const XMP_NAMESPACES = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'];

/** An APP1 segment (marker + length + payload) holding an XMP packet or an extended-XMP part. */
function isXmpSegment(segment: Buffer): boolean {
  return XMP_NAMESPACES.some(
    (ns) => segment.length >= 4 + ns.length && segment.subarray(4, 4 + ns.length).toString('latin1') === ns,
  );
}

/**
 * A streaming filter for uploaded images: it decides the type from the content (magic bytes, not
 * the file name or the declared type), removes location metadata, counts and hashes what passes
 * and refuses a file that ends early. Only one JPEG segment or PNG chunk header is ever buffered
 * (≤ 64 KiB); image data passes straight through.
 *
 * - JPEG: in every APP1 "Exif" segment the GPS IFD (tag 0x8825) is emptied in place — its entries
 *   and their out-of-line values are zeroed and its entry count set to 0 — so orientation and
 *   the rest of the EXIF data survive. XMP packets (APP1 `http://ns.adobe.com/xap/1.0/` and the
 *   extended-XMP APP1 segments), which can carry `exif:GPSLatitude` / `GPSLongitude` in text, and
 *   APP13 (Photoshop IRB / IPTC: city, sub-location) are dropped whole: nothing a document photo
 *   needs to display lives there. The file must end with the EOI marker.
 * - PNG: `eXIf` chunks (which may carry GPS) and the text chunks `tEXt`, `zTXt`, `iTXt` (where XMP
 *   lives, as `XML:com.adobe.xmp`) are dropped whole. The file must end with `IEND`.
 */
export class ImageFilter extends Transform {
  type: ImageType | null = null;
  bytesOut = 0;
  gpsRemoved = false;
  private readonly hash = createHash('sha256');
  private pending: Buffer = Buffer.alloc(0);
  // JPEG state
  private inScan = false;
  private lastTwo: Buffer = Buffer.alloc(0);
  // PNG state
  private passThrough = 0;
  private dropRemaining = 0;
  private sawIend = false;

  constructor(private readonly maxBytes: number) {
    super();
  }

  get sha256(): string {
    return this.hash.digest('hex');
  }

  private emit_(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.bytesOut += chunk.length;
    if (this.bytesOut > this.maxBytes) throw new ImageRejected('too_large');
    this.hash.update(chunk);
    this.push(chunk);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback): void {
    try {
      this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
      if (!this.type) {
        if (this.pending.length < 8) return callback();
        if (this.pending[0] === 0xff && this.pending[1] === 0xd8 && this.pending[2] === 0xff) {
          this.type = 'image/jpeg';
          this.emit_(this.pending.subarray(0, 2));
          this.pending = this.pending.subarray(2);
        } else if (this.pending.subarray(0, 8).equals(PNG_SIGNATURE)) {
          this.type = 'image/png';
          this.emit_(this.pending.subarray(0, 8));
          this.pending = this.pending.subarray(8);
        } else {
          throw new ImageRejected('not_image');
        }
      }
      if (this.type === 'image/jpeg') this.jpeg();
      else this.png();
      callback();
    } catch (e) {
      callback(e as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (!this.type) throw new ImageRejected(this.pending.length === 0 ? 'incomplete' : 'not_image');
      if (this.type === 'image/jpeg') {
        if (!this.inScan) throw new ImageRejected('incomplete');
        this.emit_(this.pending);
        this.trackTail(this.pending);
        this.pending = Buffer.alloc(0);
        if (!(this.lastTwo.length === 2 && this.lastTwo[0] === 0xff && this.lastTwo[1] === 0xd9))
          throw new ImageRejected('incomplete');
      } else if (!this.sawIend || this.pending.length > 0 || this.passThrough > 0) {
        throw new ImageRejected('incomplete');
      }
      callback();
    } catch (e) {
      callback(e as Error);
    }
  }

  private trackTail(buf: Buffer): void {
    if (buf.length >= 2) this.lastTwo = Buffer.from(buf.subarray(buf.length - 2));
    else if (buf.length === 1) this.lastTwo = Buffer.from([this.lastTwo[this.lastTwo.length - 1] ?? 0, buf[0]!]);
  }

  private jpeg(): void {
    if (this.inScan) {
      // Entropy-coded data up to EOI: pass through, remembering the last two bytes.
      this.emit_(this.pending);
      this.trackTail(this.pending);
      this.pending = Buffer.alloc(0);
      return;
    }
    for (;;) {
      const p = this.pending;
      if (p.length < 4) return;
      if (p[0] !== 0xff) throw new ImageRejected('not_image');
      const marker = p[1]!;
      if (marker === 0xff) {
        // fill byte
        this.emit_(p.subarray(0, 1));
        this.pending = p.subarray(1);
        continue;
      }
      const length = p.readUInt16BE(2);
      if (length < 2) throw new ImageRejected('not_image');
      if (p.length < 2 + length) return; // wait for the whole segment (≤ 64 KiB)
      const segment = Buffer.from(p.subarray(0, 2 + length));
      if (marker === 0xe1 && segment.subarray(4, 10).toString('latin1') === 'Exif\0\0') {
        if (stripExifGps(segment.subarray(10))) this.gpsRemoved = true;
      } else if ((marker === 0xe1 && isXmpSegment(segment)) || marker === 0xed) {
        // Dropped whole: not emitted, not hashed.
        this.gpsRemoved = true;
        this.pending = p.subarray(2 + length);
        continue;
      }
      this.emit_(segment);
      this.pending = p.subarray(2 + length);
      if (marker === 0xda) {
        this.inScan = true;
        this.jpeg();
        return;
      }
    }
  }

  private png(): void {
    for (;;) {
      if (this.passThrough > 0) {
        const n = Math.min(this.passThrough, this.pending.length);
        this.emit_(this.pending.subarray(0, n));
        this.pending = this.pending.subarray(n);
        this.passThrough -= n;
        if (this.passThrough > 0) return;
      }
      if (this.dropRemaining > 0) {
        const n = Math.min(this.dropRemaining, this.pending.length);
        this.pending = this.pending.subarray(n);
        this.dropRemaining -= n;
        if (this.dropRemaining > 0) return;
      }
      if (this.pending.length < 8) return;
      if (this.sawIend) throw new ImageRejected('not_image'); // data after IEND
      const length = this.pending.readUInt32BE(0);
      if (length > 0x7fffffff) throw new ImageRejected('not_image');
      const type = this.pending.subarray(4, 8).toString('latin1');
      if (!/^[A-Za-z]{4}$/.test(type)) throw new ImageRejected('not_image');
      if (type === 'IEND') this.sawIend = true;
      if (DROPPED_PNG_CHUNKS.has(type)) {
        this.gpsRemoved = true;
        this.dropRemaining = 8 + length + 4;
      } else {
        this.passThrough = 8 + length + 4;
      }
    }
  }
}

/**
 * Empties the GPS IFD of a TIFF/EXIF block in place. Returns whether there was one.
 * Malformed offsets are left alone (the block is then not trusted to carry anything).
 */
export function stripExifGps(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  if (ifd0 + 2 > tiff.length) return false;
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > tiff.length) return false;
    if (u16(entry) !== 0x8825) continue;
    const gps = u32(entry + 8);
    if (gps + 2 > tiff.length) return false;
    const gpsCount = u16(gps);
    const sizes: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8, 11: 4, 12: 8 };
    for (let j = 0; j < gpsCount; j++) {
      const e = gps + 2 + j * 12;
      if (e + 12 > tiff.length) break;
      const bytes = (sizes[u16(e + 2)] ?? 1) * u32(e + 4);
      if (bytes > 4) {
        const at = u32(e + 8);
        if (at + bytes <= tiff.length) tiff.fill(0, at, at + bytes);
      }
      tiff.fill(0, e, e + 12);
    }
    tiff.fill(0, gps, gps + 2); // entry count 0
    return true;
  }
  return false;
}
