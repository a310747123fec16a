import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { isApiError, useHost } from '@cardwallet/shared';
import { PasskeyConfirmButton, apiErrorMessage, isPasskeyCancel, passkeysUsableHere } from '@cardwallet/shared/forms';
import { passkeyProof } from '../../account/api/passkey-proof';
import { useStepUp } from '../../account/api/step-up';
import { passkeysQueryOptions } from '../../passkeys/api/list-passkeys';

/**
 * Offer the passkey when this browser can use one here and the customer has one (GET passkey/list,
 * the passkeys page's cache; only asked where a passkey could be used). A failed list: password only.
 */
export function usePasskeyStepUpOffered(): boolean {
  const { http, session } = useHost();
  const { userId, isLoggedIn } = session.useSession();
  const usable = passkeysUsableHere() && browserSupportsWebAuthn();
  const passkeys = useQuery({ ...passkeysQueryOptions(http, userId), enabled: usable && isLoggedIn, retry: false });
  return usable && (passkeys.data?.length ?? 0) > 0;
}

const CLASS_NAMES = { root: 'user-passkey-proof', alert: 'user-form-alert', hint: 'user-hint' };

/** "Confirm with passkey" for the transaction-password step-up (user/stepUp 'paypass'); the password or code form below stays as the fallback. */
export function PasskeyStepUpButton({ onDone }: { onDone: () => void }) {
  const { http } = useHost();
  const stepUp = useStepUp();
  return (
    <PasskeyProofButton
      confirm={async () => {
        await stepUp.mutateAsync({ purpose: 'paypass', proof: await passkeyProof(http) });
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
