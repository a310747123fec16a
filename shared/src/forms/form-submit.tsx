import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { FormAlert } from './form-alert';

export interface FormSubmitProps {
  /** The button's text. */
  children: ReactNode;
  /** The submission is under way: the button spins and cannot be pressed again. */
  pending: boolean;
  /** The form's own error (the server's answer), shown above the button; null for none. */
  message?: string | null;
  /** The footer's class: antd-mobile's `adm-form-footer` (default) or the app's (e.g. `user-actions`). */
  className?: string;
}

/**
 * The end of a one-step form: its error message (FormAlert) and the full-width primary submit button,
 * busy while the request runs (was the same block in mf-passport's login, register and reset forms
 * and mf-user's change-password and coupon forms).
 */
export function FormSubmit({ children, pending, message, className = 'adm-form-footer' }: FormSubmitProps) {
  return (
    <>
      <FormAlert message={message} />
      <div className={className}>
        <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending}>
          {children}
        </Button>
      </div>
    </>
  );
}
