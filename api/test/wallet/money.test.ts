import { describe, expect, it } from 'vitest';
import { fitsCurrency, format, formatFixed, money, roundDown, roundUp } from '../../src/ledger/money';

describe('money helpers', () => {
  it('keeps exact decimals (no float drift)', () => {
    expect(format(money('0.1').plus('0.2'))).toBe('0.3');
    expect(format(money('123456789012345.123456789012345678').plus('0.000000000000000001'))).toBe(
      '123456789012345.123456789012345679',
    );
  });
  it('knows each currency precision', () => {
    expect(fitsCurrency(money('1.123456'), 'USDT')).toBe(true);
    expect(fitsCurrency(money('1.1234567'), 'USDT')).toBe(false);
    expect(fitsCurrency(money('1.01'), 'USD')).toBe(true);
    expect(fitsCurrency(money('1.001'), 'USD')).toBe(false);
    expect(fitsCurrency(money('0.123456789012345678'), 'ETH')).toBe(true);
    expect(fitsCurrency(money('0.123456789'), 'BTC')).toBe(false);
  });
  it('rounds toward zero for what users receive, up for what they pay', () => {
    expect(format(roundDown(money('1.2345678'), 'USDT'))).toBe('1.234567');
    expect(format(roundUp(money('1.2345671'), 'USDT'))).toBe('1.234568');
    expect(format(money('10.500000'), 'USDT')).toBe('10.5');
    expect(formatFixed(money('3.999'), 2)).toBe('3.99');
    expect(formatFixed(money('-0.001'), 2)).toBe('0.00');
  });
  it('refuses non-decimal input', () => {
    expect(() => money('1e5')).toThrow();
    expect(() => money('NaN')).toThrow();
    expect(() => money('')).toThrow();
  });
});
