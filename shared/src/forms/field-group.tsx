import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list';
import 'antd-mobile/es/components/form/index.css';

export interface FieldGroupProps {
  /** The app's class beside antd-mobile's `adm-form` (e.g. `card-form`). */
  className?: string;
  children: ReactNode;
  /** Under the fields, in antd-mobile's `adm-form-footer` (e.g. the submit button). */
  footer?: ReactNode;
  /**
   * Given: the group is the page's `<form>` (noValidate; react-hook-form validates) and this runs on
   * submit — the footer's `type="submit"` button or Enter in a field. Absent: a `<div>` inside the
   * page's own form, or fields whose button submits by itself.
   */
  onSubmit?: () => void;
}

/**
 * TextFields drawn as antd-mobile's vertical form list (its `adm-form` styles) without antd-mobile's
 * Form: react-hook-form owns the fields, so Form's script (rc-field-form, async-validator, Popover:
 * ~31 KiB gzip) stays off the page (issue 24), and no `<form>` is nested in the page's `<form>`.
 */
export function FieldGroup({ className, children, footer, onSubmit }: FieldGroupProps) {
  const classes = className ? `adm-form ${className}` : 'adm-form';
  const body = (
    <>
      <List>{children}</List>
      {footer ? <div className="adm-form-footer">{footer}</div> : null}
    </>
  );
  if (!onSubmit) return <div className={classes}>{body}</div>;
  return (
    <form
      className={classes}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {body}
    </form>
  );
}
