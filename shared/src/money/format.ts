/**
 * The one amount formatter. Amounts are decimal strings; they are cut (toward zero) as strings and
 * handed to Intl.NumberFormat as strings, which formats them exactly — no float on the way. Latin
 * digits in every language: amounts are compared with statements and explorers.
 */
import { MONEY_SCALE, shownDecimals, type MoneyCurrency } from './scale';

/** Intl's limit on fraction digits. */
const INTL_MAX_FRACTION = 100;

/**
 * `amount` cut to at most `decimals` decimals toward zero ("1.239", 2 → "1.23"; "-1.239" → "-1.23"),
 * never rounded up: a holding is never shown as more than it is. Accepts what the API sends
 * (an optional sign, digits, an optional dot and digits).
 */
export function truncateDecimal(amount: string, decimals: number): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`not a decimal string: ${amount}`);
  const [, sign, int, fraction = ''] = match;
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  const integer = (int ?? '').replace(/^0+(?=\d)/, '') || '0';
  const body = kept ? `${integer}.${kept}` : integer;
  return sign === '-' && /[1-9]/.test(body) ? `-${body}` : body;
}

export interface FormatAmountOptions {
  /** Most decimals shown; digits beyond are cut (toward zero). Default 18. */
  maximumDecimals?: number;
  /** Fewest decimals shown (zeros padded). Default 2, never above `maximumDecimals`. */
  minimumDecimals?: number;
  /** '+' before a positive amount (cash-flow rows). */
  sign?: boolean;
  /** Group separators (default true); false for a figure put into an input to be edited. */
  grouping?: boolean;
}

/** "1,234.5" (en-US) / "1.234,5" (tr-TR): the number alone, truncated to `maximumDecimals`. */
export function formatDecimal(locale: string, amount: string, options: FormatAmountOptions = {}): string {
  const maximum = Math.min(options.maximumDecimals ?? 18, INTL_MAX_FRACTION);
  const minimum = Math.min(options.minimumDecimals ?? 2, maximum);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minimum,
    maximumFractionDigits: maximum,
    signDisplay: options.sign ? 'exceptZero' : 'auto',
    useGrouping: options.grouping ?? true,
    numberingSystem: 'latn',
  }).format(truncateDecimal(amount, maximum) as unknown as number);
}

/**
 * A holding as lists and totals show it: the currency's shown decimals (`shownDecimals`), cut toward
 * zero — "1.12345678" for 1.123456789012345678 ETH, never "1.12345679".
 */
export function formatAmount(
  locale: string,
  amount: string,
  currency: MoneyCurrency,
  options: { sign?: boolean } = {},
): string {
  return formatDecimal(locale, amount, { maximumDecimals: shownDecimals(currency), sign: options.sign });
}

/** Every decimal the ledger keeps for the currency (tap-to-reveal, the figure under an amount field). */
export function formatAmountExact(
  locale: string,
  amount: string,
  currency: MoneyCurrency,
  options: { sign?: boolean } = {},
): string {
  return formatDecimal(locale, amount, { maximumDecimals: MONEY_SCALE[currency], sign: options.sign });
}

/**
 * A USD amount with its symbol ("$1,234.50", "1.234,50 $"): two decimals, cut toward zero.
 * The one USD formatter of the wallet's pages and of the server-drawn first view, so the HTML and
 * React paint the same figure.
 */
export function formatUsd(locale: string, amount: string, options: { sign?: boolean } = {}): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    signDisplay: options.sign ? 'exceptZero' : 'auto',
    numberingSystem: 'latn',
  }).format(truncateDecimal(amount, 2) as unknown as number);
}

/** "1,234.50 USDT" / "$1,234.50": a holding with its currency, cut to the shown decimals. */
export function formatMoney(
  locale: string,
  amount: string,
  currency: MoneyCurrency,
  options: { sign?: boolean } = {},
): string {
  if (currency === 'USD') return formatUsd(locale, amount, options);
  return `${formatAmount(locale, amount, currency, options)} ${currency}`;
}

/** `formatMoney` at the ledger's full precision (the exact figure one tap away). */
export function formatMoneyExact(
  locale: string,
  amount: string,
  currency: MoneyCurrency,
  options: { sign?: boolean } = {},
): string {
  return `${formatAmountExact(locale, amount, currency, options)} ${currency}`;
}
