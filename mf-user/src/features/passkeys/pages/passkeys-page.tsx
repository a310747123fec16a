import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { isApiError, useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/list-passkeys';
import { PasskeyRow } from '../components/passkey-row';
import { apiErrorMessage, defaultPasskeyName, passkeyErrorMessage } from '@cardwallet/shared/forms';
import '../passkeys.css';

/** Settings → Passkeys: the customer's passkeys (list, rename, remove) and adding one. */
export default function PasskeysPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [addError, setAddError] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const supported = browserSupportsWebAuthn();

  const addOne = async () => {
    setAddError(null);
    setSignInAgain(false);
    try {
      await add.mutateAsync(defaultPasskeyName(t));
      host.toast.show(t('passkeys.added'), { icon: 'success' });
    } catch (e) {
      setAddError(passkeyErrorMessage(e, t, apiErrorMessage));
      // Only a recent sign-in may add a passkey: offer the way to one, coming back here after.
      setSignInAgain(isApiError(e) && e.key === 'passkey_reauth_required');
    }
  };
  const reSignIn = async () => {
    await host.session.signOut();
    host.session.requireLogin({ returnTo: '/pages/user/passkeys', mode: 'redirect' });
  };

  if (passkeys.isPending) {
    return (
      <main className="user-page" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton.Paragraph lineCount={6} animated />
      </main>
    );
  }
  if (passkeys.isError) {
    return (
      <main className="user-page user-error-state">
        <p role="alert">{apiErrorMessage(passkeys.error, t)}</p>
        <Button onClick={() => void passkeys.refetch()}>{t('common.retry')}</Button>
      </main>
    );
  }
  const items = passkeys.data;
  return (
    <main className="user-page">
      <p className="user-hint">{t('passkeys.intro')}</p>
      {items.length === 0 ? (
        <section className="passkey-empty" aria-labelledby="passkey-empty-title">
          <h2 id="passkey-empty-title" className="passkey-empty-title">
            {t('passkeys.emptyTitle')}
          </h2>
          <p>{t('passkeys.emptyBody')}</p>
        </section>
      ) : (
        <ul className="passkey-list" aria-label={t('passkeys.listLabel')}>
          {items.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      <div className="user-actions">
        {supported ? (
          <Button block color="primary" loading={add.isPending} disabled={add.isPending} onClick={() => void addOne()}>
            {t('passkeys.add')}
          </Button>
        ) : (
          <p className="user-hint">{t('passkeys.unsupported')}</p>
        )}
        {addError && (
          <p role="alert" className="passkey-error">
            {addError}
          </p>
        )}
        {signInAgain && (
          <Button block onClick={() => void reSignIn()}>
            {t('passkeys.signInAgain')}
          </Button>
        )}
      </div>
    </main>
  );
}
