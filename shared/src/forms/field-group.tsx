import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list';
import 'antd-mobile/es/components/form/index.css';

/**
 * A group of TextFields drawn as antd-mobile's vertical form list (its `adm-form` styles) without
 * antd-mobile's Form: react-hook-form owns the fields, and the page's own `<form>` submits — so no
 * `<form>` nested in a `<form>`, and Enter in a field submits the page's form. Keeps Form's script
 * (rc-field-form, async-validator, Popover: ~31 KiB gzip) off the page (issue 24).
 */
export function FieldGroup({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `adm-form ${className}` : 'adm-form'}>
      <List>{children}</List>
    </div>
  );
}
