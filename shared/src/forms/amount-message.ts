import type { TFunction } from 'i18next';
import { formatDecimal } from '../money/format';
import type { AmountRefusal } from '../money/parse';
import { MAX_SCALE, MONEY_SCALE, type MoneyCurrency } from '../money/scale';

/**
 * An amount at `scale` decimals in the locale, with its currency: the figure shown under an amount
 * field and in its messages. Every decimal kept (it is what is sent), at least two for a currency.
 */
export function formatFieldAmount(locale: string, amount: string, scale: number, currency?: MoneyCurrency): string {
  const number = formatDecimal(locale, amount, {
    maximumDecimals: scale,
    minimumDecimals: currency ? Math.min(2, scale) : 0,
  });
  // FSI … PDI: the figure keeps its own direction inside an Arabic sentence.
  return `\u2068${currency ? `${number} ${currency}` : number}\u2069`;
}

/**
 * The translated reason for an amount refusal (`parseAmount`, `checkAmountLimits`), from the shared
 * `common` catalogue; a limit's figure is formatted in the locale with the currency.
 */
export function amountMessage(t: TFunction, locale: string, refusal: AmountRefusal, currency?: MoneyCurrency): string {
  const values: Record<string, string | number> = { ...refusal.values };
  if (typeof values.amount === 'string') {
    const scale = currency ? MONEY_SCALE[currency] : MAX_SCALE;
    values.amount = formatFieldAmount(locale, values.amount, scale, currency);
  }
  return t(refusal.key, { ns: 'common', ...values });
}
