import { rgbPng } from '@cardwallet/shared/png';

/**
 * A plain PNG "photo of a document" (an ID-card-shaped card with a photo box and text lines),
 * drawn in code so the demo data needs no binary file in the repository.
 */
export function demoDocumentPng(width = 320, height = 200): Buffer {
  return rgbPng(width, height, (x, y) => {
    if (x > 16 && x < 100 && y > 40 && y < 160) return [148, 163, 184]; // photo
    if (x > 120 && x < 300 && (y % 24 === 0 || y % 24 === 1) && y > 40 && y < 170) return [71, 85, 105]; // text lines
    if (y < 28) return [29, 58, 138]; // header band
    return [226, 232, 240];
  });
}
