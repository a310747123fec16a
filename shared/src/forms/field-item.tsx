import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list';
import 'antd-mobile/es/components/form/index.css';

export interface FieldItemProps {
  /** The field's visible name. */
  label: ReactNode;
  /** The control the label names (a `<label for>`). */
  htmlFor?: string;
  /**
   * A group of controls (photos, a picker) named by `aria-labelledby`: the label is a `<span>`
   * with this id instead of a `<label>`.
   */
  labelId?: string;
  required?: boolean;
  /** Under the control: a hint, or the field's error (`FieldErrorText`). */
  description?: ReactNode;
  hasError?: boolean;
  /** Beside the control (e.g. a send-code button). */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * One field of a `FieldGroup`: the markup antd-mobile's vertical `Form.Item` draws, without its
 * Form (rc-field-form, async-validator, Popover: ~31 KiB gzip of script, issue 24) — react-hook-form
 * owns the values. For fields that are not a plain input (a date, photos); `TextField` is one too.
 */
export function FieldItem({
  label,
  htmlFor,
  labelId,
  required,
  description,
  hasError,
  extra,
  children,
}: FieldItemProps) {
  const asterisk = required ? (
    <span className="adm-form-item-required-asterisk" aria-hidden="true">
      *
    </span>
  ) : null;
  const title = labelId ? (
    <span id={labelId} className="adm-form-item-label">
      {label}
      {asterisk}
    </span>
  ) : (
    <label className="adm-form-item-label" htmlFor={htmlFor}>
      {label}
      {asterisk}
    </label>
  );
  return (
    <List.Item
      className={`adm-form-item adm-form-item-vertical${hasError ? ' adm-form-item-has-error' : ''}`}
      title={title}
      description={description}
      extra={extra}
    >
      <div className="adm-form-item-child adm-form-item-child-position-normal">
        <div className="adm-form-item-child-inner">{children}</div>
      </div>
    </List.Item>
  );
}
