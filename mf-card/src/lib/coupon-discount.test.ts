import { describe, expect, it } from 'vitest';
import { couponDiscount } from './coupon-discount';

describe('coupon discount preview', () => {
  it('fixed takes off at most the fee', () => {
    expect(couponDiscount({ discountType: 'fixed', discountValue: '4', discountCap: null }, '10')).toBe('4.00');
    expect(couponDiscount({ discountType: 'fixed', discountValue: '15', discountCap: null }, '10')).toBe('10.00');
  });
  it('percent is truncated to the cent and capped', () => {
    expect(couponDiscount({ discountType: 'percent', discountValue: '33.33', discountCap: '100' }, '10')).toBe('3.33');
    expect(couponDiscount({ discountType: 'percent', discountValue: '50', discountCap: '2' }, '10')).toBe('2.00');
    expect(couponDiscount({ discountType: 'percent', discountValue: '100', discountCap: '50' }, '5')).toBe('5.00');
  });
});
