import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useHost } from '@cardwallet/shared';
import type { SessionResult } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';
import { signInWithPasskey, usePasskeySignIn } from '../api/passkey-login';
import {
  apiErrorMessage,
  FormAlert,
  isPasskeyCancel,
  passkeyErrorMessage,
  passkeysUsableHere,
} from '@cardwallet/shared/forms';
import '../passkeys.css';

/** A ceremony lives 5 minutes on the server: the waiting autofill one is renewed before that. */
const AUTOFILL_RENEW_MS = 270_000;

/**
 * "Sign in with a passkey", plus the browser's passkey autofill (conditional mediation) on the
 * account field (`autocomplete="username webauthn"`): while the page is open an autofill ceremony
 * waits; picking a passkey from the field's suggestions signs in. The button's ceremony replaces
 * it (@simplewebauthn aborts the waiting one).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: SessionResult) => void }) {
  const { t } = useTranslation('passport');
  const host = useHost();
  const signIn = usePasskeySignIn();
  const [error, setError] = useState<string | null>(null);
  const usable = passkeysUsableHere() && browserSupportsWebAuthn();

  useEffect(() => {
    if (!usable) return;
    let stopped = false;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const wait = async () => {
      if (stopped || !(await browserSupportsWebAuthnAutofill())) return;
      renew = setTimeout(() => {
        WebAuthnAbortService.cancelCeremony();
        void wait();
      }, AUTOFILL_RENEW_MS);
      try {
        const session = await signInWithPasskey(host.http, true);
        if (!stopped) onSignedIn(session);
      } catch (e) {
        // Cancelled or replaced by the button's ceremony: nothing to say.
        if (!stopped && !isPasskeyCancel(e)) setError(passkeyErrorMessage(e, t, apiErrorMessage));
      } finally {
        clearTimeout(renew);
      }
    };
    void wait();
    return () => {
      stopped = true;
      clearTimeout(renew);
      WebAuthnAbortService.cancelCeremony();
    };
    // The autofill ceremony is set up once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [usable]);

  if (!usable) return null;
  const press = async () => {
    setError(null);
    try {
      onSignedIn(await signIn.mutateAsync(false));
    } catch (e) {
      setError(passkeyErrorMessage(e, t, apiErrorMessage));
    }
  };
  return (
    <div className="passport-passkey">
      <p className="passport-divider" aria-hidden="true">
        {t('passkeys.or')}
      </p>
      <Button
        block
        size="large"
        fill="outline"
        color="primary"
        loading={signIn.isPending}
        disabled={signIn.isPending}
        onClick={() => void press()}
      >
        {t('passkeys.signIn')}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}
