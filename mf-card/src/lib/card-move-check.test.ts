import { describe, expect, it } from 'vitest';
import { cardGatewayFee } from '@cardwallet/shared/schemas';
import { mostTopUp } from './card-move-check';

describe('the most a top-up can be (Max)', () => {
  it('from 50 USD the gateway fee is free: the whole balance, up to the product maximum', () => {
    expect(mostTopUp('80.00', '10000', cardGatewayFee)).toBe('80');
    expect(mostTopUp('50.00', '10000', cardGatewayFee)).toBe('50');
    expect(mostTopUp('12000.50', '10000', cardGatewayFee)).toBe('10000');
  });

  it('under 50 USD the 0.30 USD fee comes out of the balance, so amount + fee is exactly the balance', () => {
    expect(mostTopUp('30.00', '10000', cardGatewayFee)).toBe('29.7');
    expect(mostTopUp('50.20', '10000', cardGatewayFee)).toBe('50.2');
    // 49.99 + 0.30 > 50.10 but 50.10 itself is free: the balance, not 49.80.
    expect(mostTopUp('50.10', '10000', cardGatewayFee)).toBe('50.1');
  });

  it('nothing to top up with: 0 (the button is disabled)', () => {
    expect(mostTopUp('0.00', '10000', cardGatewayFee)).toBe('0');
    expect(mostTopUp('0.20', '10000', cardGatewayFee)).toBe('0');
    expect(mostTopUp('0.30', '10000', cardGatewayFee)).toBe('0');
  });

  it('a coupon that covers the fee leaves the whole balance', () => {
    expect(mostTopUp('30.00', '10000', () => '0')).toBe('30');
  });
});
