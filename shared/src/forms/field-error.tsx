import type { FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Schema messages are keys of the shared `common` namespace ('validation.passwordLength'); errors
 * the server sent for a field (type 'server') are already translated and shown as they are.
 */
export function useFieldErrorText(error: HookFieldError | undefined): string | undefined {
  const { t } = useTranslation('common');
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message, { ns: 'common' });
}

export function FieldErrorText({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <div id={id} className="adm-form-item-feedback-error" role="alert">
      {text}
    </div>
  );
}
