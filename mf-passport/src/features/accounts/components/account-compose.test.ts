import { describe, expect, it } from 'vitest';
import { emptyAccountValues } from './account-form';
import { composeAccount } from './account-compose';

describe('composeAccount', () => {
  it('uses the e-mail as typed on the e-mail tab', () => {
    expect(composeAccount({ ...emptyAccountValues(), email: 'a@b.co', national: '5321234567' })).toBe('a@b.co');
  });
  it('joins dial code and national number into E.164, dropping spaces and a trunk 0', () => {
    expect(composeAccount({ ...emptyAccountValues('TR', '+90'), method: 'mobile', national: '0532 123 45 67' })).toBe(
      '+905321234567',
    );
  });
  it('is empty while no number is typed, so "required" shows rather than "invalid"', () => {
    expect(composeAccount({ ...emptyAccountValues('TR', '+90'), method: 'mobile', national: '  ' })).toBe('');
  });
});
