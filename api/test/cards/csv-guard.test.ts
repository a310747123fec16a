import { describe, expect, it } from 'vitest';
import { csvSafeCell } from '../../src/modules/cards/statement/transactions';

/** The statement CSV's formula guard (cards CSV export): what a merchant name could smuggle into a spreadsheet. */
describe('csvSafeCell', () => {
  it.each([
    '=HYPERLINK("http://evil")',
    '+1+HYPERLINK("x")',
    '-1+HYPERLINK("http://evil","click")',
    '-1-1',
    '-2.5e3',
    '@SUM(A1:A2)',
    '\t=1',
    '\r=1',
    '-',
    '- shop',
  ])('neutralises %j', (cell) => {
    expect(csvSafeCell(cell)).toBe(`'${cell}`);
  });

  it.each(['-12.50', '-1', '0.00', '12', 'Shop, "Quoted"', 'Café = good', ''])('leaves %j as it is', (cell) => {
    expect(csvSafeCell(cell)).toBe(cell);
  });
});
