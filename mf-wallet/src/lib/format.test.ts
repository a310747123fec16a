import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatPercent, formatRelativeTime, isolated, shortenMiddle } from './format';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('money formatting', () => {
  it('formats decimal strings exactly, never through a float', () => {
    expect(formatAmount('en-US', '12345678901234.123456', 'USDT')).toBe('12,345,678,901,234.123456');
    expect(formatAmount('en-US', '0.1', 'BTC')).toBe('0.10');
    expect(formatMoney('en-US', '1500.5', 'USD')).toBe('$1,500.50');
    expect(formatMoney('en-US', '-60', 'USDT', { sign: true })).toBe('-60.00 USDT');
    expect(formatMoney('en-US', '25', 'USDT', { sign: true })).toBe('+25.00 USDT');
  });
  it('never shows a holding rounded up: digits beyond the shown ones are cut', () => {
    expect(formatMoney('en-US', '1.123456789999999999', 'ETH')).toBe('1.12345678 ETH');
    expect(formatMoney('en-US', '0.999999999', 'BTC')).toBe('0.99999999 BTC');
    expect(formatMoney('en-US', '10.999', 'USD')).toBe('$10.99');
  });
  it('shows a spread fraction as a percentage in the locale', () => {
    expect(formatPercent('en-US', '0.005')).toBe('0.5%');
    expect(formatPercent('tr-TR', '0.005')).toBe('%0,5');
  });
  it('follows the locale but keeps Latin digits', () => {
    expect(formatAmount('tr-TR', '1234.5', 'USDT')).toBe('1.234,50');
    expect(formatAmount('ar-AE', '1234.5', 'USDT')).toMatch(/1,234\.50/);
  });
  it('isolates an amount placed inside a sentence, so an Arabic sentence cannot reorder it', () => {
    const amount = formatMoney('ar-AE', '170', 'USD');
    expect(isolated(amount)).toBe(`\u2068${amount}\u2069`);
  });
});

describe('relative time (spec §9)', () => {
  it('just now under 5 minutes, then minutes, hours, days under 30, then the date', () => {
    expect(formatRelativeTime('en-US', ago(4 * 60_000 + 59_000), NOW, 'just now')).toBe('just now');
    expect(formatRelativeTime('en-US', ago(5 * 60_000), NOW, 'just now')).toBe('5 minutes ago');
    expect(formatRelativeTime('en-US', ago(3 * 3_600_000), NOW, 'just now')).toBe('3 hours ago');
    expect(formatRelativeTime('en-US', ago(29 * 86_400_000), NOW, 'just now')).toBe('29 days ago');
    expect(formatRelativeTime('en-US', ago(30 * 86_400_000), NOW, 'just now')).toBe('Oct 24, 2026');
  });
});

describe('shortenMiddle', () => {
  it('keeps both ends of a hash', () => {
    expect(shortenMiddle('0x' + 'a'.repeat(60) + 'beef01')).toBe('0xaaaa…beef01');
    expect(shortenMiddle('short')).toBe('short');
  });
});
