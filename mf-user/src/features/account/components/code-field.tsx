import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CodePurpose } from '@cardwallet/shared/schemas';
import { SendCodeButton, TextField } from '@cardwallet/shared/forms';

export interface CodeFieldProps<T extends FieldValues> {
  form: Pick<UseFormReturn<T>, 'control' | 'setError' | 'clearErrors'>;
  name: Path<T>;
  purpose: CodePurpose;
  /** The account the code goes to, or null when it is not valid yet (nothing is sent). */
  getAccount: () => Promise<string | null>;
  /** Where a send failure is shown; by default on this field. */
  onSendError?: (message: string, error: unknown) => void;
}

/**
 * The member centre's 6-digit code field with its send button (re-authentication, a new binding, a
 * transaction-password reset): a send failure is shown on the field, a sent code clears it.
 */
export function CodeField<T extends FieldValues>({ form, name, purpose, getAccount, onSendError }: CodeFieldProps<T>) {
  const { t } = useTranslation('user');
  return (
    <TextField
      namespace="user"
      keyPrefix="common"
      control={form.control}
      name={name}
      label={t('common.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      extra={
        <SendCodeButton
          namespace="user"
          keyPrefix="common.sendCode"
          className="user-send-code"
          purpose={purpose}
          getAccount={getAccount}
          onError={onSendError ?? ((message) => form.setError(name, { type: 'server', message }))}
          onSent={() => form.clearErrors(name)}
        />
      }
    />
  );
}
