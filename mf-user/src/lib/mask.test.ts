import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask';

describe('maskAccount', () => {
  it('keeps the start of an e-mail and its domain', () => {
    expect(maskAccount('demo@cardwallet.test')).toBe('de***@cardwallet.test');
    expect(maskAccount('a@b.co')).toBe('a***@b.co');
  });
  it('keeps the country code and last three digits of a mobile', () => {
    expect(maskAccount('+905321234567')).toBe('+90532****567');
    expect(maskAccount('+8521234')).toBe('+8****');
  });
});
