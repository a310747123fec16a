import { describe, expect, it } from 'vitest';
import { formatUsd, fromCents, toCents } from './money';

describe('money helpers', () => {
  it('converts exactly between decimal strings and cents', () => {
    expect(toCents('49.99')).toBe(4999n);
    expect(toCents('50')).toBe(5000n);
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(fromCents(4999n)).toBe('49.99');
    expect(fromCents(-5n)).toBe('-0.05');
  });
  it('formats per locale', () => {
    expect(formatUsd('1234.5', 'en-US')).toBe('$1,234.50');
    expect(formatUsd('0.3', 'tr-TR')).toContain('0,30');
  });
});
