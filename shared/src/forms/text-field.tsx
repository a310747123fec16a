import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Form from 'antd-mobile/es/components/form';
import Input, { type InputRef } from 'antd-mobile/es/components/input';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldErrorText, useFieldErrorText } from './field-error';

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
  /** The app's CSS class prefix: `<prefix>-icon-button`, `<prefix>-input-row`; default the namespace. */
  classPrefix?: string;
}

/**
 * An antd-mobile input bound to react-hook-form. antd-mobile's Input copies aria-* props onto its
 * wrapper <div> as well (two elements with one name) and forwards none but aria-label to the native
 * <input>, so the name, invalid state and error description are set on the native input directly.
 * (Was a copy in mf-card, mf-passport and mf-user.)
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
  keyPrefix = 'fields',
  classPrefix = namespace,
}: TextFieldProps<T, TOut>) {
  const { t } = useTranslation(namespace);
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(fieldState.error);
  const inputRef = useRef<InputRef | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    const el = inputRef.current?.nativeElement;
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.setAttribute('aria-invalid', errorText ? 'true' : 'false');
    if (errorText) el.setAttribute('aria-describedby', errorId);
    else el.removeAttribute('aria-describedby');
    if (required) el.setAttribute('aria-required', 'true');
  }, [label, errorText, errorId, required]);

  const isPassword = type === 'password';
  const revealButton = isPassword ? (
    <button
      type="button"
      className={`${classPrefix}-icon-button`}
      aria-label={revealed ? t(`${keyPrefix}.hidePassword`) : t(`${keyPrefix}.showPassword`)}
      aria-pressed={revealed}
      onClick={() => setRevealed((v) => !v)}
    >
      {revealed ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
    </button>
  ) : null;

  return (
    <Form.Item
      // Form.Item draws its own required mark only for fields it manages itself (with `name`).
      label={
        <>
          {label}
          {required ? (
            <span className="adm-form-item-required-asterisk" aria-hidden="true">
              *
            </span>
          ) : null}
        </>
      }
      className={errorText ? 'adm-form-item-has-error' : undefined}
      description={<FieldErrorText id={errorId} text={errorText} />}
      extra={extra ?? revealButton}
    >
      <div className={`${classPrefix}-input-row`}>
        {prefix}
        <Input
          ref={(instance) => {
            inputRef.current = instance;
            field.ref(instance ? { focus: () => instance.focus() } : null);
          }}
          id={id}
          name={field.name}
          type={isPassword && revealed ? 'text' : type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
          readOnly={readOnly}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      </div>
    </Form.Item>
  );
}
