import { describe, expect, it } from 'vitest';
import { ageOn, isRealDate, isValidDocumentNumber, kyc1Body } from './kyc';

describe('KYC level-1 rules', () => {
  it.each([
    ['id_card', 'CN', '11010519491231002X', true],
    ['id_card', 'CN', '110105194912310021', false],
    ['id_card', 'TR', '10000000146', true],
    ['id_card', 'TR', '10000000147', false],
    ['id_card', 'HK', 'A123456(3)', true],
    ['id_card', 'HK', 'A123456(4)', false],
    ['id_card', 'AE', '784-1980-1234567-8', true],
    ['id_card', 'AE', '784198012345675', false],
    ['passport', 'US', '533401286', true],
    ['passport', 'GB', 'AB1234567', false],
    ['passport', 'FR', '12AB34567', true],
    ['passport', 'FR', '12AB', false],
    ['driving_licence', 'DE', 'B072RRE2I55', true],
    ['driving_licence', 'DE', 'X!', false],
  ] as const)('%s %s %s → %s', (type, country, number, ok) => {
    expect(isValidDocumentNumber(type, country, number)).toBe(ok);
  });

  it('counts whole years, the 18th birthday included, a leap-day birthday from 1 March', () => {
    expect(ageOn('2008-11-23', '2026-11-23')).toBe(18);
    expect(ageOn('2008-11-24', '2026-11-23')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('accepts only real calendar dates', () => {
    expect(isRealDate('1990-05-14')).toBe(true);
    expect(isRealDate('1990-02-30')).toBe(false);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('14/05/1990')).toBe(false);
  });

  it('names the field whose document number does not fit the chosen document', () => {
    const r = kyc1Body.safeParse({
      country: 'TR',
      documentType: 'id_card',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      documentNumber: '12345678901',
      birthDate: '1990-05-14',
      documentImages: ['abcdefghijklmnop'],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['documentNumber', 'documentNumber']]);
  });
});
