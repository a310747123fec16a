import { describe, expect, it } from 'vitest';
import { CURRENCY_DEFINITIONS } from '../schemas/wallet';
import { formatAmount, formatAmountExact, formatMoney, formatUsd, truncateDecimal } from './format';
import { MONEY_SCALE } from './scale';

describe('amount formatter', () => {
  it('cuts toward zero, never rounds a holding up', () => {
    expect(formatAmount('en-US', '1.123456789012345678', 'ETH')).toBe('1.12345678');
    expect(formatAmount('en-US', '0.999999999999999999', 'ETH')).toBe('0.99999999');
    expect(formatAmount('en-US', '-1.999999999', 'ETH', { sign: true })).toBe('-1.99999999');
    expect(formatUsd('en-US', '1.239')).toBe('$1.23');
    expect(formatUsd('en-US', '-0.009')).toBe('$0.00');
    expect(truncateDecimal('0012.3400', 3)).toBe('12.34');
  });

  it('shows the exact figure at full precision, in the locale, with Latin digits', () => {
    expect(formatAmountExact('tr-TR', '1234.123456789012345678', 'ETH')).toBe('1.234,123456789012345678');
    expect(formatAmountExact('ar-AE', '1234.5', 'USDT')).toBe('1,234.50');
    expect(formatMoney('tr-TR', '39805.57', 'USD')).toBe('$39.805,57');
    expect(formatMoney('zh-HK', '10', 'BTC')).toBe('10.00 BTC');
  });

  it('keeps one scale table with the contracts', () => {
    for (const [code, definition] of Object.entries(CURRENCY_DEFINITIONS))
      expect(MONEY_SCALE[code as keyof typeof MONEY_SCALE]).toBe(definition.scale);
  });
});
