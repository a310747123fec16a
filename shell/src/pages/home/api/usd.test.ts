import { describe, expect, it } from 'vitest';
import { centsToUsd, sumUsd, usdToCents } from './usd';

describe('USD sums in cents', () => {
  it('adds decimal strings exactly (no float drift)', () => {
    expect(sumUsd(['0.1', '0.2'])).toBe('0.30');
    expect(sumUsd(['1234567890123.45', '0.55', '10'])).toBe('1234567890134.00');
    expect(sumUsd([])).toBe('0.00');
  });
  it('keeps signs and pads cents', () => {
    expect(usdToCents('-1.5')).toBe(-150n);
    expect(centsToUsd(-5n)).toBe('-0.05');
    expect(centsToUsd(100n)).toBe('1.00');
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', 'NaN', '1,00']) expect(() => usdToCents(bad)).toThrow();
  });
});
