import type { TFunction } from 'i18next';
import { z } from '../schemas/zod-config';
import type { AmountLimits } from '../money/limits';
import { readAmount } from '../money/read';
import { MAX_SCALE, MONEY_SCALE, type MoneyCurrency } from '../money/scale';
import { amountMessage } from './amount-message';

/**
 * The form-schema side of `AmountField`: the text as typed → the canonical decimal string
 * ("1.000,5" in tr-TR → "1000.5"), refused with the reason the field shows. Build it with the same
 * locale, currency/scale and limits as the field; `t` is the page's (messages are in `common`).
 */
export function amountSchema(
  t: TFunction,
  locale: string,
  options: { currency?: MoneyCurrency; scale?: number; limits?: AmountLimits } = {},
) {
  const scale = options.scale ?? (options.currency ? MONEY_SCALE[options.currency] : MAX_SCALE);
  return z.string().transform((text, ctx) => {
    const read = readAmount(text, locale, { scale, limits: options.limits });
    if (read.kind === 'ok') return read.value;
    ctx.addIssue({
      code: 'custom',
      message:
        read.kind === 'empty'
          ? t('validation.required', { ns: 'common' })
          : amountMessage(t, locale, read.refusal, options.currency),
    });
    return z.NEVER;
  });
}
