import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { PasskeyConfirmButton, apiErrorMessage, isPasskeyCancel, passkeyProof } from '@cardwallet/shared/forms';
import { useStepUp } from '../../account/api/step-up';

const CLASS_NAMES = { root: 'user-passkey-proof', alert: 'cw-form-alert', hint: 'user-hint' };

/** "Confirm with passkey" for the transaction-password step-up (user/stepUp 'paypass'); the password or code form below stays as the fallback. */
export function PasskeyStepUpButton({ onDone }: { onDone: () => void }) {
  const { http } = useHost();
  const stepUp = useStepUp();
  return (
    <PasskeyProofButton
      confirm={async () => {
        await stepUp.mutateAsync({ purpose: 'paypass', proof: { kind: 'passkey', ...(await passkeyProof(http)) } });
        onDone();
      }}
    />
  );
}

/** The step-up's "Confirm with passkey" button around any proof call (user/stepUp, user/verifyIdentity). */
export function PasskeyProofButton({ confirm }: { confirm: () => Promise<unknown> }) {
  const { t } = useTranslation('user');
  return (
    <PasskeyConfirmButton
      label={t('stepUp.passkey')}
      fallbackHint={t('stepUp.passkeyOr')}
      confirm={confirm}
      errorMessage={(e) =>
        isApiError(e)
          ? apiErrorMessage(e, t)
          : isPasskeyCancel(e)
            ? t('passkeys.errorCancelled')
            : t('stepUp.passkeyFailed')
      }
      classNames={CLASS_NAMES}
    />
  );
}
