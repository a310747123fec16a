import { describe, expect, it } from 'vitest';
import { formatMoney, formatUsd, fromCents, toCents } from './money';

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
  it("never shows a figure as more than it is: cut toward zero at the currency's own decimals", () => {
    expect(formatUsd('99.999', 'en-US')).toBe('$99.99');
    expect(formatUsd('1234.569', 'tr-TR')).toBe('$1.234,56');
    expect(formatUsd('10.005', 'ar-AE')).toContain('10.00');
    expect(formatMoney('1999.999', 'EUR', 'en-US')).toBe('€1,999.99');
    expect(formatMoney('1500.9', 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney('12.349', 'EUR', 'zh-HK')).toContain('12.34');
  });
});
