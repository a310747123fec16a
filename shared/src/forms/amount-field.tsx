import { useEffect, useId, useRef, type ReactNode } from 'react';
import Input, { type InputRef } from 'antd-mobile/es/components/input';
import { useController, type Control, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { formatDecimal } from '../money/format';
import type { AmountLimits } from '../money/limits';
import { readAmount } from '../money/read';
import { MAX_SCALE, MONEY_SCALE, type MoneyCurrency } from '../money/scale';
import { amountMessage, formatFieldAmount } from './amount-message';
import { FieldErrorText } from './field-error';
import { FieldItem } from './field-item';

export interface AmountFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  /** The currency typed: its scale caps the decimals (MONEY_SCALE) and it names the figure shown. */
  currency?: MoneyCurrency;
  /** Decimal places allowed when they are not the currency's (default: the currency's, else 18). */
  scale?: number;
  /** Checked as the customer types; the reason shows at the field. Give the form's schema the same. */
  limits?: AmountLimits;
  /**
   * The figure the "All"/"Max" button fills, canonical (`maximumAmount`): no button without it.
   * The button is disabled when the figure is '0'.
   */
  fill?: { amount: string; label: 'all' | 'max' };
  placeholder?: string;
  required?: boolean;
  readOnly?: boolean;
  /** A line under the field beside the figure read (e.g. "Available 12.5 USDT"). */
  hint?: ReactNode;
  /** The app's CSS class prefix for `<prefix>-field-hint` (as TextField's). */
  classPrefix?: string;
}

/**
 * The one input for an amount a customer types (docs/amounts.md). The form holds the text as typed;
 * under the field the customer reads, live, the figure the app understood in the page's locale
 * ("Reads as 1,000.50 USDT") or the reason it is refused — the locale's separators, the currency's
 * decimals, a limit. The form's schema (`amountSchema`, same `locale`/`scale`/`limits`) turns the text
 * into the canonical decimal string the request carries: exactly the figure shown.
 * Numbers stay left-to-right in ar-AE; `inputMode="decimal"` brings the phone's number pad.
 */
export function AmountField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  currency,
  scale,
  limits,
  fill,
  placeholder,
  required,
  readOnly,
  hint,
  classPrefix = 'cw',
}: AmountFieldProps<T, TOut>) {
  const { t } = useTranslation('common');
  const locale = useHost().i18n.useLanguage();
  const { field, fieldState } = useController({ control, name });
  const inputRef = useRef<InputRef | null>(null);
  const id = useId();
  const statusId = `${id}-status`;
  const places = scale ?? (currency ? MONEY_SCALE[currency] : MAX_SCALE);
  const text = (field.value as string | undefined) ?? '';
  const read = readAmount(text, locale, { scale: places, limits });

  // A server answer for the field (type 'server') wins; then the field's own reading; then the
  // schema's other messages (required on submit). Schema messages are already translated.
  const error = fieldState.error;
  const errorText =
    error?.type === 'server'
      ? error.message
      : read.kind === 'refused'
        ? amountMessage(t, locale, read.refusal, currency)
        : error?.message || undefined;
  const understood =
    read.kind === 'ok'
      ? t('amount.understood', { amount: formatFieldAmount(locale, read.value, places, currency) })
      : null;

  useEffect(() => {
    const el = inputRef.current?.nativeElement;
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.setAttribute('aria-invalid', errorText ? 'true' : 'false');
    el.setAttribute('aria-describedby', statusId);
    el.setAttribute('dir', 'ltr');
    if (required) el.setAttribute('aria-required', 'true');
  }, [label, errorText, statusId, required]);

  const fillButton = fill ? (
    <button
      type="button"
      className="cw-amount-fill"
      disabled={readOnly || fill.amount === '0'}
      onClick={() =>
        field.onChange(
          formatDecimal(locale, fill.amount, {
            maximumDecimals: places,
            minimumDecimals: 0,
            grouping: false,
          }) as PathValue<T, Path<T>>,
        )
      }
    >
      {t(fill.label === 'max' ? 'amount.max' : 'amount.all')}
    </button>
  ) : undefined;

  return (
    <FieldItem
      label={label}
      required={required}
      hasError={Boolean(errorText)}
      description={
        <div id={statusId} aria-live="polite">
          {errorText ? (
            <FieldErrorText id={`${id}-error`} text={errorText} />
          ) : understood ? (
            <div className="cw-amount-read">{understood}</div>
          ) : null}
          {hint ? <div className={`${classPrefix}-field-hint`}>{hint}</div> : null}
        </div>
      }
      extra={fillButton}
    >
      <Input
        ref={(instance) => {
          inputRef.current = instance;
          field.ref(instance ? { focus: () => instance.focus() } : null);
        }}
        id={id}
        name={field.name}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        readOnly={readOnly}
        className="cw-amount-input"
        value={text}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </FieldItem>
  );
}
