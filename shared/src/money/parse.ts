/**
 * The one amount parser: what a customer types → the canonical decimal string sent on the wire.
 *
 * Rules (docs/amounts.md says the same):
 * 1. Separators are the page locale's, read from `Intl.NumberFormat(locale).formatToParts`:
 *    en-US / zh-HK / ar-AE "1,234.5", tr-TR "1.234,5". Arabic locales also take the Arabic decimal
 *    and group signs (U+066B "٫", U+066C "٬").
 * 2. Digits: Latin, plus those of the locale's own numbering system, plus Arabic-Indic (U+0660–0669)
 *    and Extended Arabic-Indic (U+06F0–06F9) in Arabic locales — what their keyboards type.
 * 3. Spaces (incl. no-break U+00A0 and narrow no-break U+202F) at either end are dropped, and so are
 *    direction marks anywhere (a figure copied from a right-to-left page carries them). A space inside
 *    the number is refused (unless the locale groups with spaces).
 * 4. At most one decimal separator, no group separator after it, and every group after the first
 *    exactly 3 digits ("1.000" is one thousand in tr-TR). Anything else — "1.5" in tr-TR, "1,5" in
 *    en-US, "1.000,5" in en-US, "1,0000" — could have been meant the other way round: refused with
 *    `amount.separators`, which names the locale's separators. Never guessed.
 * 5. A leading decimal separator means "0," (",5" → 0.5); a trailing one is ignored ("12," → 12,
 *    the customer is still typing).
 * 6. Decimals beyond the currency's scale (zeros at the end aside) are refused with
 *    `amount.decimals` {max}; more than 15 integer digits with `amount.tooLarge`.
 * 7. Signs, letters, currency symbols, exponents: refused with `validation.amount`.
 * Output: digits, at most one dot, no group separators, no leading zeros (except one before the dot),
 * no trailing zeros after it ("0001.500" → "1.5", "0,0" → "0"). Zero is a valid parse; whether zero
 * is allowed is the limits' business (`checkAmountLimits`).
 */
import { MAX_INTEGER_DIGITS, MAX_SCALE } from './scale';

export type AmountRefusalKey =
  'validation.required' | 'validation.amount' | 'amount.separators' | 'amount.decimals' | 'amount.tooLarge';

/** A reason the customer reads at the field: a key of the shared `common` catalogue and its values. */
export interface AmountRefusal<K extends string = string> {
  key: K;
  values?: Record<string, string | number>;
}

export type AmountParse =
  { kind: 'empty' } | { kind: 'ok'; value: string } | { kind: 'refused'; refusal: AmountRefusal<AmountRefusalKey> };

export interface AmountSeparators {
  /** The decimal separators accepted (the first is the one the locale shows). */
  decimal: string[];
  /** The group separators accepted (the first is the one the locale shows). */
  group: string[];
  /** Every accepted digit character → its Latin digit. */
  digits: Map<string, string>;
}

const LATIN = '0123456789';
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const EXTENDED_ARABIC_INDIC = '۰۱۲۳۴۵۶۷۸۹';
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const SPACE = /^\s$/u;

const cache = new Map<string, AmountSeparators>();

/** The separators and digits a locale's amounts are read with (cached per locale). */
export function amountSeparators(locale: string): AmountSeparators {
  const known = cache.get(locale);
  if (known) return known;
  const format = new Intl.NumberFormat(locale);
  const parts = format.formatToParts(1234567.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const digits = new Map<string, string>();
  const addDigits = (set: string) => [...set].forEach((d, i) => digits.set(d, String(i)));
  addDigits(LATIN);
  // The locale's own digits, whatever numbering system it shows.
  for (let i = 0; i < 10; i++) digits.set(format.format(i), String(i));
  const decimals = [decimal];
  const groups = [group];
  if (new Intl.Locale(locale).language === 'ar') {
    addDigits(ARABIC_INDIC);
    addDigits(EXTENDED_ARABIC_INDIC);
    if (!decimals.includes('\u066b')) decimals.push('\u066b');
    if (!groups.includes('\u066c')) groups.push('\u066c');
  }
  // A locale that groups with a space (fr: U+202F) takes any space as its group sign.
  if (SPACE.test(group)) groups.push(' ', '\u00a0', '\u202f', '\u2009');
  const result = { decimal: decimals, group: groups, digits };
  cache.set(locale, result);
  return result;
}

const refuse = (key: AmountRefusalKey, values?: Record<string, string | number>): AmountParse => ({
  kind: 'refused',
  refusal: values ? { key, values } : { key },
});

/**
 * Reads `input` as the customer of `locale` means it (rules above). `scale`: the currency's decimal
 * places (MONEY_SCALE / GET wallet/currencies); default 18, the most the wire carries.
 */
export function parseAmount(input: string, locale: string, scale: number = MAX_SCALE): AmountParse {
  const text = input.replace(DIRECTION_MARKS, '').trim();
  if (text === '') return { kind: 'empty' };
  const separators = amountSeparators(locale);
  const separatorValues = { decimal: separators.decimal[0]!, group: separators.group[0]!.trim() || '␣' };
  // One token per character: a Latin digit, 'D' (decimal) or 'G' (group).
  let tokens = '';
  for (const ch of text) {
    const digit = separators.digits.get(ch);
    if (digit !== undefined) tokens += digit;
    else if (separators.decimal.includes(ch)) tokens += 'D';
    else if (separators.group.includes(ch)) tokens += 'G';
    else if (ch === '.' || ch === ',')
      tokens += 'X'; // the other convention's sign: ambiguous here
    else return refuse('validation.amount');
  }
  if (!/\d/.test(tokens)) return refuse('validation.amount');
  if (tokens.includes('X')) return refuse('amount.separators', separatorValues);
  const [integerPart = '', fraction = '', ...more] = tokens.split('D');
  if (more.length > 0 || fraction.includes('G')) return refuse('amount.separators', separatorValues);
  if (integerPart.includes('G') && !/^\d{1,3}(G\d{3})+$/.test(integerPart))
    return refuse('amount.separators', separatorValues);
  const integer = integerPart.replaceAll('G', '').replace(/^0+/, '');
  const decimals = fraction.replace(/0+$/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return refuse('amount.tooLarge');
  if (decimals.length > Math.min(scale, MAX_SCALE))
    return refuse('amount.decimals', { max: Math.min(scale, MAX_SCALE) });
  return { kind: 'ok', value: decimals ? `${integer || '0'}.${decimals}` : integer || '0' };
}
