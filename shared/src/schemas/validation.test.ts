import { describe, expect, it } from 'vitest';
import { accountSchema, amountSchema, codeSchema, isMobile, passwordSchema, pinSchema, toE164, V } from './validation';
import { negotiateLocale } from '../locales';
import { registerBody } from './auth';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('validation primitives', () => {
  it('accepts international mobiles and rejects junk', () => {
    expect(isMobile('+905321234567')).toBe(true);
    expect(isMobile('+85291234567')).toBe(true);
    expect(isMobile('+971501234567')).toBe(true);
    expect(isMobile('+12025550123')).toBe(true);
    expect(isMobile('+90532')).toBe(false);
    expect(isMobile('05321234567')).toBe(false);
    expect(toE164('+90', '0532 123 45 67')).toBe('+905321234567');
  });

  it('normalises accounts', () => {
    expect(accountSchema.parse(' Demo@CardWallet.test ')).toBe('demo@cardwallet.test');
    expect(accountSchema.parse('+90 532 123 45 67')).toBe('+905321234567');
    expect(firstMessage(accountSchema.safeParse('nobody'))).toBe(V.account);
  });

  it('passwords are 8 to 20 characters', () => {
    expect(firstMessage(passwordSchema.safeParse('1234567'))).toBe(V.passwordLength);
    expect(firstMessage(passwordSchema.safeParse('x'.repeat(21)))).toBe(V.passwordLength);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(20)).success).toBe(true);
  });

  it('codes and pins are six digits', () => {
    expect(codeSchema.safeParse('123456').success).toBe(true);
    expect(firstMessage(codeSchema.safeParse('12345'))).toBe(V.code);
    expect(firstMessage(pinSchema.safeParse('12a456'))).toBe(V.pin);
  });

  it('amounts are positive decimal strings with bounded scale', () => {
    expect(amountSchema(2).safeParse('10.25').success).toBe(true);
    expect(firstMessage(amountSchema(2).safeParse('10.255'))).toBe(V.amount);
    expect(firstMessage(amountSchema(2).safeParse('0.00'))).toBe(V.amountPositive);
    expect(firstMessage(amountSchema(2).safeParse('-1'))).toBe(V.amount);
  });

  it('register needs matching passwords and the agreement', () => {
    const base = {
      account: 'a@b.co',
      code: '123456',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgh',
      agreement: true,
    };
    expect(registerBody.safeParse(base).success).toBe(true);
    expect(firstMessage(registerBody.safeParse({ ...base, confirmPassword: 'abcdefgi' }))).toBe(V.passwordsDiffer);
    expect(firstMessage(registerBody.safeParse({ ...base, agreement: false }))).toBe(V.agreement);
  });

  it('negotiates Accept-Language', () => {
    expect(negotiateLocale('tr-TR,tr;q=0.9')).toBe('tr-TR');
    expect(negotiateLocale('ar')).toBe('ar-AE');
    expect(negotiateLocale('zh-HK')).toBe('zh-HK');
    expect(negotiateLocale('de-DE')).toBe('en-US');
    expect(negotiateLocale(undefined)).toBe('en-US');
  });
});
