import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from './api-error';
import { PasskeyConfirmButton, type PasskeyConfirmButtonProps } from './passkey-confirm-button';
import { passkeyErrorMessage } from './passkeys';

/**
 * "Confirm with passkey" in an app's own words: `passkeys.confirm`, `passkeys.orPassword` and the
 * `passkeys.error*` texts of namespace `ns`; API refusals in the API's translated message.
 */
export function PasskeyProofButton({
  ns,
  classNames,
  confirm,
}: {
  ns: string;
  classNames: PasskeyConfirmButtonProps['classNames'];
  confirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation(ns);
  return (
    <PasskeyConfirmButton
      label={t('passkeys.confirm')}
      fallbackHint={t('passkeys.orPassword')}
      confirm={confirm}
      errorMessage={(e) => passkeyErrorMessage(e, t, apiErrorMessage)}
      classNames={classNames}
    />
  );
}
