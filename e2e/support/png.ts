import { rgbPng } from '../../shared/build/png.mjs';

/**
 * A small real PNG (24 × 16, grey): the upload's image filter checks the bytes, so the specs' photos
 * and receipts must be genuine images.
 */
export function greyPng(): Buffer {
  return rgbPng(24, 16, () => [0x80, 0x80, 0x80]);
}
