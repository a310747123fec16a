import { useMemo } from 'react';
import QRCode from 'qrcode';

/** Modules of quiet zone around the code, as scanners expect. */
const QUIET_ZONE = 4;

/**
 * A QR code's dark modules as one SVG path (the `qrcode` library's module matrix; error correction M),
 * offset by the quiet zone; `modules` is the side of the whole square, quiet zone included.
 */
export function qrCodePath(value: string): { path: string; modules: number } {
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (qr.modules.get(x, y)) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path: d, modules: n + 2 * QUIET_ZONE };
}

export interface QrCodeProps {
  value: string;
  /** What the code holds, for screen readers; without it the code is decoration (e.g. inside a poster). */
  label?: string | undefined;
  /** Side in CSS pixels (or user units when drawn inside another SVG). */
  size?: number;
  className?: string | undefined;
  /** Position when drawn inside another SVG (a nested <svg>). */
  x?: number;
  y?: number;
}

/**
 * A QR code drawn as SVG (no canvas, no innerHTML): black on white in every theme, since scanners
 * need the contrast and the light quiet zone. One component for mf-wallet's deposit address and
 * mf-share's invitation poster.
 */
export function QrCode({ value, label, size = 184, className, x, y }: QrCodeProps) {
  const { path, modules } = useMemo(() => qrCodePath(value), [value]);
  return (
    <svg
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      x={x}
      y={y}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
