import { useEffect, useId, useRef, type ReactNode } from 'react';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import type { InputRef } from 'antd-mobile/es/components/input';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  /** Numbers, addresses: left-to-right even in ar-AE. */
  ltr?: boolean;
  /** Rendered beside the input (e.g. "All", the address book button). */
  extra?: ReactNode;
  /** A hint under the input while there is no error (e.g. "Available 12.5 USDT"). */
  hint?: ReactNode;
}

/**
 * An antd-mobile input bound to react-hook-form. Messages are translated when the form's schema
 * is built (they carry amounts and currencies), so they are shown as they are. antd-mobile's Input
 * forwards only aria-label to the native input, so name, invalid state and description are set on
 * the native input directly.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  inputMode,
  placeholder,
  maxLength,
  required,
  ltr,
  extra,
  hint,
}: TextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const errorText = fieldState.error?.message;
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
  }, [label, errorText, errorId, hint, hintId, required, ltr]);

  return (
    <Form.Item
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
      description={
        errorText ? (
          <div id={errorId} className="adm-form-item-feedback-error" role="alert">
            {errorText}
          </div>
        ) : hint ? (
          <div id={hintId} className="wallet-field-hint">
            {hint}
          </div>
        ) : null
      }
      extra={extra}
    >
      <Input
        ref={(instance) => {
          inputRef.current = instance;
          field.ref(instance ? { focus: () => instance.focus() } : null);
        }}
        id={id}
        name={field.name}
        inputMode={inputMode}
        autoComplete="off"
        placeholder={placeholder}
        maxLength={maxLength}
        className={ltr ? 'wallet-input-ltr' : undefined}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </Form.Item>
  );
}
