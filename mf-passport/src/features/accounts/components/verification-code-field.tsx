import { VERIFICATION_CODE_LENGTH } from '@cardwallet/shared';
import { normaliseAccount, type CodePurpose } from '@cardwallet/shared/schemas';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountFieldName, type AccountFormValues } from './account-form';
import { composeAccount } from './account-compose';
import { SendCodeButton, TextField } from '@cardwallet/shared/forms';

type CodeFormValues = AccountFormValues & { code: string };

export interface VerificationCodeFieldProps {
  purpose: CodePurpose;
  /** Where a send failure is shown; by default on the code field. */
  onSendError?: (message: string, error: unknown) => void;
  /** Another endpoint than user/sendCode (WeChat's binding step). */
  send?: (account: string) => Promise<{ resendAfterSeconds: number }>;
}

/**
 * The 6-digit code field with its send button, inside a form that also has the account fields:
 * the button validates the account first, then sends and counts down.
 */
export function VerificationCodeField({ purpose, onSendError, send }: VerificationCodeFieldProps) {
  const { t } = useTranslation('passport');
  const form = useFormContext<CodeFormValues>();

  const getAccount = async () => {
    const valid = await form.trigger(accountFieldName(form.getValues()));
    return valid ? normaliseAccount(composeAccount(form.getValues())) : null;
  };

  return (
    <TextField
      namespace="passport"
      control={form.control}
      name="code"
      label={t('fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('placeholders.code', { length: VERIFICATION_CODE_LENGTH })}
      maxLength={VERIFICATION_CODE_LENGTH}
      required
      extra={
        <SendCodeButton
          namespace="passport"
          className="passport-send-code"
          purpose={purpose}
          getAccount={getAccount}
          onError={onSendError ?? ((message) => form.setError('code', { type: 'server', message }))}
          onSent={() => form.clearErrors('code')}
          {...(send ? { send } : {})}
        />
      }
    />
  );
}
