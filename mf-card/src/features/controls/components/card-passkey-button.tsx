import { useTranslation } from 'react-i18next';
import { PasskeyConfirmButton, apiErrorMessage, passkeyErrorMessage } from '@cardwallet/shared/forms';

const CLASS_NAMES = { root: 'card-passkey-proof', alert: 'card-form-alert', hint: 'card-fine-print card-passkey-or' };

/** The card pages' "Confirm with passkey" (reveal, PIN step-up); the password form stays as the fallback. */
export function CardPasskeyButton({ confirm }: { confirm: () => Promise<unknown> }) {
  const { t } = useTranslation('card');
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
