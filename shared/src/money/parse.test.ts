import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales';
import { formatAmount, formatAmountExact, formatDecimal } from './format';
import { parseAmount } from './parse';
import { MONEY_SCALE, type MoneyCurrency } from './scale';
import { checkAmountLimits, maximumAmount } from './limits';
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 64 });
const CURRENCIES = Object.keys(MONEY_SCALE) as MoneyCurrency[];
const ok = (value: string) => ({ kind: 'ok', value });
const refused = (key: string) =>
  expect.objectContaining({ kind: 'refused', refusal: expect.objectContaining({ key }) });

describe('parseAmount', () => {
  it('reads tr-TR the Turkish way: dot groups, comma decimals', () => {
    expect(parseAmount('1.000,5', 'tr-TR')).toEqual(ok('1000.5'));
    expect(parseAmount('60.000', 'tr-TR')).toEqual(ok('60000'));
    expect(parseAmount('1.000', 'tr-TR')).toEqual(ok('1000'));
    expect(parseAmount('12,5', 'tr-TR')).toEqual(ok('12.5'));
    expect(parseAmount('1.234.567,891', 'tr-TR')).toEqual(ok('1234567.891'));
  });

  it('refuses what could be meant the other way round, naming the separators', () => {
    expect(parseAmount('1.5', 'tr-TR')).toEqual({
      kind: 'refused',
      refusal: { key: 'amount.separators', values: { decimal: ',', group: '.' } },
    });
    expect(parseAmount('1,5', 'en-US')).toEqual(refused('amount.separators'));
    expect(parseAmount('1.000,5', 'en-US')).toEqual(refused('amount.separators'));
    expect(parseAmount('1,000.5', 'tr-TR')).toEqual(refused('amount.separators'));
    expect(parseAmount('1,0000', 'en-US')).toEqual(refused('amount.separators'));
    expect(parseAmount('1,00,000', 'en-US')).toEqual(refused('amount.separators'));
    expect(parseAmount(',100', 'en-US')).toEqual(refused('amount.separators'));
    expect(parseAmount('1.2.3', 'en-US')).toEqual(refused('amount.separators'));
    expect(parseAmount('1.000,5', 'zh-HK')).toEqual(refused('amount.separators'));
  });

  it('reads en-US, zh-HK and ar-AE with a decimal point and comma groups', () => {
    for (const locale of ['en-US', 'zh-HK', 'ar-AE']) {
      expect(parseAmount('1,000.5', locale)).toEqual(ok('1000.5'));
      expect(parseAmount('1,000', locale)).toEqual(ok('1000'));
      expect(parseAmount('0.10', locale)).toEqual(ok('0.1'));
    }
  });

  it('takes Arabic-Indic digits and the Arabic separators in ar-AE, Latin digits everywhere', () => {
    expect(parseAmount('١٬٢٣٤٫٥', 'ar-AE')).toEqual(ok('1234.5'));
    expect(parseAmount('۱۲۳', 'ar-AE')).toEqual(ok('123'));
    expect(parseAmount('١٢٣', 'en-US')).toEqual(refused('validation.amount'));
  });

  it('trims spaces (no-break and narrow no-break too) and direction marks; refuses inner spaces', () => {
    expect(parseAmount('\u00a0 12,5\u202f', 'tr-TR')).toEqual(ok('12.5'));
    expect(parseAmount('\u200e1,234.50\u200f', 'ar-AE')).toEqual(ok('1234.5'));
    expect(parseAmount('1 000', 'en-US')).toEqual(refused('validation.amount'));
    expect(parseAmount('   ', 'en-US')).toEqual({ kind: 'empty' });
  });

  it('refuses signs, letters and exponents; keeps leading and trailing separators sensible', () => {
    for (const text of ['-5', '+5', '1e5', '5 USDT', '$5', '.', 'abc', 'Infinity', 'NaN'])
      expect(parseAmount(text, 'en-US')).toEqual(refused('validation.amount'));
    expect(parseAmount('.5', 'en-US')).toEqual(ok('0.5'));
    expect(parseAmount(',5', 'tr-TR')).toEqual(ok('0.5'));
    expect(parseAmount('12,', 'tr-TR')).toEqual(ok('12'));
    expect(parseAmount('007', 'en-US')).toEqual(ok('7'));
    expect(parseAmount('0,000', 'tr-TR')).toEqual(ok('0'));
  });

  it("caps decimals at the currency's scale (zeros at the end aside) and integers at 15 digits", () => {
    expect(parseAmount('10.123', 'en-US', 2)).toEqual({
      kind: 'refused',
      refusal: { key: 'amount.decimals', values: { max: 2 } },
    });
    expect(parseAmount('10.1200', 'en-US', 2)).toEqual(ok('10.12'));
    expect(parseAmount('1.123456789012345678', 'en-US', 18)).toEqual(ok('1.123456789012345678'));
    expect(parseAmount('0.1234567', 'en-US', 6)).toEqual(refused('amount.decimals'));
    expect(parseAmount('1234567890123456', 'en-US')).toEqual(refused('amount.tooLarge'));
    expect(parseAmount('123.456.789.012.345', 'tr-TR')).toEqual(ok('123456789012345'));
  });
});

// ---- Properties: every locale × currency ---------------------------------------------------------

/** A canonical amount with at most `scale` decimals and 15 integer digits. */
const canonicalAmount = (scale: number) =>
  fc
    .tuple(
      fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), fc.bigInt({ min: 0n, max: 9999n })),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: scale }),
    )
    .map(([int, fraction]) => {
      const decimals = fraction.replace(/0+$/, '');
      return decimals ? `${int}.${decimals}` : `${int}`;
    });

/** A held amount as the ledger sends it: padded to the scale ("12.500000"). */
const heldAmount = (scale: number) => canonicalAmount(scale).map((a) => new D(a).toFixed(scale));

describe.each(LOCALES)('amounts in %s', (locale) => {
  it.each(CURRENCIES)('%s: the exact figure reads back exactly', (currency) => {
    const scale = MONEY_SCALE[currency];
    fc.assert(
      fc.property(heldAmount(scale), (held) => {
        const parsed = parseAmount(formatAmountExact(locale, held, currency), locale, scale);
        expect(parsed).toEqual(ok(new D(held).toFixed()));
      }),
    );
  });

  it.each(CURRENCIES)(
    '%s: the shown figure is never above the held one, and less than one shown unit below',
    (currency) => {
      const scale = MONEY_SCALE[currency];
      fc.assert(
        fc.property(heldAmount(scale), (held) => {
          const shown = formatAmount(locale, held, currency);
          const parsed = parseAmount(shown, locale, scale);
          if (parsed.kind !== 'ok') throw new Error(`${shown} did not read back: ${JSON.stringify(parsed)}`);
          const gap = new D(held).minus(parsed.value);
          expect(gap.gte(0)).toBe(true);
          expect(gap.lt(new D(10).pow(-Math.min(scale, 8)))).toBe(true);
        }),
      );
    },
  );

  it.each(CURRENCIES)('%s: a typed string is refused, or sent as exactly what is shown under the field', (currency) => {
    const scale = MONEY_SCALE[currency];
    const { decimal, group } = (() => {
      const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
      return {
        decimal: parts.find((p) => p.type === 'decimal')!.value,
        group: parts.find((p) => p.type === 'group')!.value,
      };
    })();
    const typed = fc.string({
      unit: fc.constantFrom(...'0123456789', '0', '1', '.', ',', ' ', '\u00a0', '-', 'e', '٣', '٫', '٬'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(typed, (text) => {
        const parsed = parseAmount(text, locale, scale);
        if (parsed.kind !== 'ok') return;
        // The oracle: the digits typed, groups dropped, the locale's decimal sign as the dot.
        const latin = text
          .trim()
          .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
          .replaceAll(group, '')
          .replaceAll('٬', '')
          .replaceAll(decimal, '.')
          .replaceAll('٫', '.');
        expect(new D(parsed.value).eq(new D(latin === '.' ? 'x' : latin.replace(/\.$/, '') || '0'))).toBe(true);
        // What the field shows under itself reads back to exactly what is sent.
        const shown = formatDecimal(locale, parsed.value, { maximumDecimals: scale, minimumDecimals: 0 });
        expect(parseAmount(shown, locale, scale)).toEqual(ok(parsed.value));
      }),
    );
  });

  it.each(CURRENCIES)("%s: an amount typed the locale's way, groups or not, reads as meant", (currency) => {
    const scale = MONEY_SCALE[currency];
    fc.assert(
      fc.property(canonicalAmount(scale), fc.boolean(), (amount, grouped) => {
        const typed = new Intl.NumberFormat(locale, {
          useGrouping: grouped,
          maximumFractionDigits: scale,
          numberingSystem: 'latn',
        }).format(amount as unknown as number);
        expect(parseAmount(typed, locale, scale)).toEqual(ok(amount));
      }),
    );
  });
});

describe('limits and "All"', () => {
  it('fills available − fee exactly at the full scale: nothing left behind', () => {
    expect(maximumAmount('1.123456789012345678', 18, { fees: ['0.00003'] })).toBe('1.123426789012345678');
    expect(maximumAmount('5', 6, { fees: ['1', '4.5'] })).toBe('0');
    expect(maximumAmount('100', 2, { fees: ['5'], keep: '1' })).toBe('94');
    expect(maximumAmount('100000', 2, { maximum: '10000' })).toBe('10000');
    expect(maximumAmount('123456789012345.123456789012345678', 18)).toBe('123456789012345.123456789012345678');
  });

  it('names the first limit broken', () => {
    const limits = { minimum: '10', maximum: '500', available: '100', fees: ['5'], keep: '1' };
    expect(checkAmountLimits('0', limits)).toEqual({ key: 'validation.amountPositive' });
    expect(checkAmountLimits('9.99', limits)).toEqual({ key: 'amount.minimum', values: { amount: '10' } });
    expect(checkAmountLimits('95.01', limits)).toEqual({ key: 'amount.balance', values: { amount: '100' } });
    expect(checkAmountLimits('94.5', limits)).toEqual({ key: 'amount.keep', values: { amount: '1' } });
    expect(checkAmountLimits('94', limits)).toBeNull();
    expect(checkAmountLimits('600', { maximum: '500' })).toEqual({ key: 'amount.maximum', values: { amount: '500' } });
  });

  it('"All" never breaks its own limits (property)', () => {
    fc.assert(
      fc.property(heldAmount(18), fc.array(heldAmount(6), { maxLength: 2 }), (available, fees) => {
        const all = maximumAmount(available, 18, { fees });
        if (all === '0') return;
        expect(checkAmountLimits(all, { available, fees })).toBeNull();
        expect(
          new D(available)
            .minus(all)
            .minus(fees.reduce((s, f) => s.plus(f), new D(0)))
            .eq(0),
        ).toBe(true);
      }),
    );
  });
});
