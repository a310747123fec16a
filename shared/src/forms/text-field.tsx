import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import Input, { type InputRef } from 'antd-mobile/es/components/input';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldErrorText, useFieldErrorText } from './field-error';
import { FieldItem } from './field-item';

export interface TextFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  readOnly?: boolean;
  /** Rendered beside the input (e.g. the send-code button, the dial code). */
  extra?: ReactNode;
  /** Rendered before the input inside the same row (e.g. the dial code picker). */
  prefix?: ReactNode;
  /** The calling app's translation namespace ('passport', 'card', 'user'). */
  namespace: string;
  /** Where `showPassword` / `hidePassword` sit in that namespace ('fields', 'common'). */
  keyPrefix?: string;
  /** The app's CSS class prefix (`<prefix>-field-hint`, `<prefix>-input-ltr`); default the namespace. */
  classPrefix?: string;
  /** A hint under the input while there is no error (e.g. "Available 12.5 USDT"): `<prefix>-field-hint`. */
  hint?: ReactNode;
  /** Numbers, addresses: left-to-right even in ar-AE (`dir="ltr"`, `<prefix>-input-ltr`). */
  ltr?: boolean;
  /**
   * Whether schema messages are keys of the `common` namespace (default) or already-translated text
   * (forms whose schema is built with the page's t, because messages carry amounts and currencies).
   */
  translateErrors?: boolean;
  /** 'row': the input in a `cw-input-row` (theme.css) beside `prefix` (default); 'plain': the input alone. */
  layout?: 'row' | 'plain';
}

/**
 * An antd-mobile input bound to react-hook-form. antd-mobile's Input copies aria-* props onto its
 * wrapper <div> as well (two elements with one name) and forwards none but aria-label to the native
 * <input>, so the name, invalid state and error description are set on the native input directly.
 * (Was a copy in mf-card, mf-passport and mf-user, and a variant in mf-wallet.)
 */
export function TextField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  maxLength,
  required,
  readOnly,
  extra,
  prefix,
  namespace,
  classPrefix = namespace,
  hint,
  ltr,
  translateErrors = true,
  layout = 'row',
}: TextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const translatedError = useFieldErrorText(fieldState.error);
  const errorText = translateErrors ? translatedError : fieldState.error?.message || undefined;
  const inputRef = useRef<InputRef | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    const el = inputRef.current?.nativeElement;
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.setAttribute('aria-invalid', errorText ? 'true' : 'false');
    const described = errorText ? errorId : hint ? hintId : null;
    if (described) el.setAttribute('aria-describedby', described);
    else el.removeAttribute('aria-describedby');
    if (required) el.setAttribute('aria-required', 'true');
    if (ltr) el.setAttribute('dir', 'ltr');
    else el.removeAttribute('dir');
  }, [label, errorText, errorId, hint, hintId, required, ltr]);

  const input = (
    <Input
      ref={(instance) => {
        inputRef.current = instance;
        field.ref(instance ? { focus: () => instance.focus() } : null);
      }}
      id={id}
      name={field.name}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      placeholder={placeholder}
      maxLength={maxLength}
      readOnly={readOnly}
      className={ltr ? `${classPrefix}-input-ltr` : undefined}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );

  return (
    <FieldItem
      label={label}
      required={required}
      hasError={Boolean(errorText)}
      description={
        errorText ? (
          <FieldErrorText id={errorId} text={errorText} />
        ) : hint ? (
          <div id={hintId} className={`${classPrefix}-field-hint`}>
            {hint}
          </div>
        ) : undefined
      }
      extra={extra}
    >
      {layout === 'plain' ? (
        input
      ) : (
        <div className="cw-input-row">
          {prefix}
          {input}
        </div>
      )}
    </FieldItem>
  );
}

/**
 * A password TextField with a show/hide button (its own component, so the forms without a password
 * don't carry the eye icons). The button's labels are `<keyPrefix>.showPassword` / `hidePassword`
 * of the caller's namespace; its class is `cw-icon-button` (theme.css).
 */
export function PasswordField<T extends FieldValues, TOut extends FieldValues = T>(
  props: Omit<TextFieldProps<T, TOut>, 'type'>,
) {
  const { namespace, keyPrefix = 'fields', extra } = props;
  const { t } = useTranslation(namespace);
  const [revealed, setRevealed] = useState(false);
  const revealButton = (
    <button
      type="button"
      className="cw-icon-button"
      aria-label={revealed ? t(`${keyPrefix}.hidePassword`) : t(`${keyPrefix}.showPassword`)}
      aria-pressed={revealed}
      onClick={() => setRevealed((v) => !v)}
    >
      {revealed ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
    </button>
  );
  return <TextField {...props} type={revealed ? 'text' : 'password'} extra={extra ?? revealButton} />;
}
