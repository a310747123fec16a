import { useTranslation } from 'react-i18next';
import { PasskeyConfirmButton, apiErrorMessage, passkeyErrorMessage } from '@cardwallet/shared/forms';

const CLASS_NAMES = {
  root: 'wallet-passkey-proof',
  alert: 'wallet-error-text',
  hint: 'wallet-muted wallet-passkey-or',
};

/** The withdrawal's "Confirm with passkey"; the transaction password below stays as the fallback. */
export function WithdrawPasskeyButton({ confirm }: { confirm: () => Promise<unknown> }) {
  const { t } = useTranslation('wallet');
  return (
    <PasskeyConfirmButton
      label={t('passkeys.confirm')}
      fallbackHint={t('passkeys.orPassword')}
      confirm={confirm}
      errorMessage={(e) => passkeyErrorMessage(e, t, apiErrorMessage)}
      classNames={CLASS_NAMES}
    />
  );
}
