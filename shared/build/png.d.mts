/** An 8-bit RGB PNG of `width` × `height` whose pixel at (x, y) is `pixel(x, y)` ([r, g, b], 0–255). */
export function rgbPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer;
