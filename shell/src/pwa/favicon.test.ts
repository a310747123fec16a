import { inflateSync } from 'node:zlib';
import { FAVICON, faviconIco, MANIFEST_FILES } from '../../build/web-app-manifest.mjs';

// The tab's icon as the build writes it to dist/favicon.ico: an ICO directory of one PNG image.
describe('favicon.ico', () => {
  const ico = faviconIco();

  it('is an icon directory of one 32 px image that starts right after it', () => {
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(1);
    expect([ico[6], ico[7]]).toEqual([32, 32]);
    expect(ico.readUInt16LE(10)).toBe(1);
    expect(ico.readUInt32LE(18)).toBe(22);
    expect(ico.readUInt32LE(14)).toBe(ico.length - 22);
  });

  it('holds a PNG of that size whose pixels are the card on the theme colour', () => {
    const png = ico.subarray(22);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
    // IDAT follows IHDR (8 + 25 bytes): 32 rows of a filter byte and 32 RGB pixels.
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect(rows).toHaveLength(32 * (1 + 32 * 3));
    const pixel = (x: number, y: number) => [...rows.subarray(y * 97 + 1 + x * 3, y * 97 + 4 + x * 3)];
    expect(pixel(0, 0)).toEqual([0x1d, 0x1f, 0x24]); // the corner: background
    expect(pixel(16, 20)).toEqual([0xf5, 0xf6, 0xf8]); // the middle: the card
  });

  it('a 256 px image is written as size 0, as the format wants', () => {
    const big = faviconIco(Buffer.from([1, 2, 3]), 256);
    expect([big[6], big[7]]).toEqual([0, 0]);
    expect(big.readUInt32LE(14)).toBe(3);
  });

  it('is precached by the service worker, so an offline start has its tab icon', () => {
    expect(MANIFEST_FILES).toContain(`/${FAVICON.file}`);
  });
});
