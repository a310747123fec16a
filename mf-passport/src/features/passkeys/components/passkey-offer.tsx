import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { snoozePasskeyOffer, useCreatePasskey } from '../api/offer-passkey';
import { apiErrorMessage, defaultPasskeyName, FormAlert, passkeyErrorMessage } from '@cardwallet/shared/forms';
import '../passkeys.css';

/**
 * After a password sign-in: "Sign in faster next time?" — create a passkey or skip. Skipping
 * keeps the offer away for 30 days on this browser; either way the customer goes on.
 */
export function PasskeyOffer({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation('passport');
  const create = useCreatePasskey();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);

  const createOne = async () => {
    setError(null);
    try {
      await create.mutateAsync(defaultPasskeyName(t));
      setCreated(true);
    } catch (e) {
      setError(passkeyErrorMessage(e, t, apiErrorMessage));
    }
  };
  if (created) {
    return (
      <section className="passport-passkey-offer" aria-labelledby="passkey-offer-title">
        <h2 id="passkey-offer-title">{t('passkeys.createdTitle')}</h2>
        <p role="status">{t('passkeys.createdBody')}</p>
        <Button block color="primary" size="large" onClick={onDone}>
          {t('passkeys.continue')}
        </Button>
      </section>
    );
  }
  return (
    <section className="passport-passkey-offer" aria-labelledby="passkey-offer-title">
      <h2 id="passkey-offer-title">{t('passkeys.offerTitle')}</h2>
      <p>{t('passkeys.offerBody')}</p>
      <FormAlert message={error} />
      <Button
        block
        color="primary"
        size="large"
        loading={create.isPending}
        disabled={create.isPending}
        onClick={() => void createOne()}
      >
        {t('passkeys.offerCreate')}
      </Button>
      <Button
        block
        fill="none"
        size="large"
        disabled={create.isPending}
        onClick={() => {
          snoozePasskeyOffer(userId);
          onDone();
        }}
      >
        {t('passkeys.offerSkip')}
      </Button>
    </section>
  );
}
