import { checkAmountLimits, type AmountLimitRefusal, type AmountLimits } from './limits';
import { parseAmount, type AmountParse, type AmountRefusal } from './parse';
import { MAX_SCALE } from './scale';

export type AmountRead = Exclude<AmountParse, { kind: 'refused' }> | { kind: 'refused'; refusal: AmountRefusal };

/**
 * What an amount field holds: `parseAmount` (the locale's reading, the currency's scale), then the
 * limits (`checkAmountLimits`). The field shows it as the customer types; the form's schema
 * (`amountSchema` in the forms kit) refuses the same and sends `value`.
 */
export function readAmount(
  text: string,
  locale: string,
  options: { scale?: number; limits?: AmountLimits } = {},
): AmountRead {
  const parsed = parseAmount(text, locale, options.scale ?? MAX_SCALE);
  if (parsed.kind !== 'ok') return parsed;
  const refusal: AmountLimitRefusal | null = checkAmountLimits(parsed.value, options.limits);
  return refusal ? { kind: 'refused', refusal } : parsed;
}
