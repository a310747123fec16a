import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '../../account/api/step-up';
import { ProofForm } from '../../account/components/proof-form';
import { SendToPicker } from '../../account/components/send-to-picker';
import { usePasskeyOffered } from '@cardwallet/shared/forms';
import { PasskeyStepUpButton } from './passkey-step-up-button';

/** Refusals that belong to the field (shown next to it); anything else above the button. */
const FIELD_KEYS = new Set([
  'invalid_credentials',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'step_up_channel_too_new',
]);

/**
 * Before the transaction password is set or changed (issue 22): prove it is you with a passkey
 * (offered first when the customer has one), the login password, or with a code sent to an e-mail / mobile already bound (bound 24 h or more). A
 * session alone — a stolen token — is not enough.
 */
export function StepUpStep({
  accounts,
  initialError,
  onDone,
  purpose = 'paypass',
}: {
  accounts: string[];
  initialError?: string | null;
  onDone: () => void;
  /** What the grant is for: the transaction password (default) or removing the bound WeChat (issue 27). */
  purpose?: 'paypass' | 'wechat_unbind';
}) {
  const { t } = useTranslation('user');
  const stepUp = useStepUp();
  const passkeyOffered = usePasskeyOffered();
  const [account, setAccount] = useState(accounts[0] ?? '');

  return (
    <ProofForm
      title={t('stepUp.title')}
      initialMethod="password"
      canSwitch={accounts.length > 0}
      switchLabel={(method) => (method === 'password' ? t('stepUp.useCode') : t('stepUp.usePassword'))}
      hint={(method) => (method === 'password' ? t('stepUp.passwordHint') : t('stepUp.codeHint'))}
      extra={(method) =>
        method === 'code' ? <SendToPicker accounts={accounts} value={account} onChange={setAccount} /> : null
      }
      passkey={passkeyOffered && purpose === 'paypass' ? <PasskeyStepUpButton onDone={onDone} /> : null}
      codeAccount={() => account || null}
      isFieldError={(key) => FIELD_KEYS.has(key)}
      initialError={initialError}
      pending={stepUp.isPending}
      submit={async (method, secret) => {
        await stepUp.mutateAsync({
          purpose,
          proof:
            method === 'password' ? { kind: 'password', password: secret } : { kind: 'code', account, code: secret },
        });
        onDone();
      }}
    />
  );
}
