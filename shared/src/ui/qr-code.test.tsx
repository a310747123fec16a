// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode, qrCodePath } from './qr-code';

afterEach(cleanup);

describe('QrCode', () => {
  it('draws the modules of the value with a 4-module quiet zone (version 1 is 21 modules)', () => {
    const { path, modules } = qrCodePath('HELLO');
    expect(modules).toBe(21 + 8);
    // The finder pattern's top-left module sits just inside the quiet zone.
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
    expect(qrCodePath('HELLO').path).toBe(path);
    expect(qrCodePath('HELLO!').path).not.toBe(path);
  });

  it('is an image named by its label, or hidden decoration without one', () => {
    const { container } = render(<QrCode value="TXYZ" label="Deposit address" className="wallet-qr" size={120} />);
    const img = screen.getByRole('img', { name: 'Deposit address' });
    expect(img.getAttribute('width')).toBe('120');
    expect(img.getAttribute('class')).toBe('wallet-qr');
    cleanup();
    const { container: inPoster } = render(
      <svg>
        <QrCode value="https://example.test/i/ABC" x={60} y={152} size={200} />
      </svg>,
    );
    const nested = inPoster.querySelector('svg svg');
    expect(nested?.getAttribute('aria-hidden')).toBe('true');
    expect(nested?.getAttribute('x')).toBe('60');
    expect(container).toBeTruthy();
  });
});
