import { useState } from 'react';
import { Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { Button } from 'antd-mobile';
import { PasscodePad } from '@cardwallet/shared/ui';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useQueryParam } from '../../../lib/use-query-param';
import { useSetCardPin } from '../api/set-card-pin';
import { isApiError } from '@cardwallet/shared';
import { PinProofForm } from '../components/pin-proof-form';

/** Card PIN or ATM PIN (`?kind=atm`): the login password first (step-up), then six digits on the keypad, twice, matching; sent to the issuer. */
export default function SetCardPinPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cardId = useQueryParam('cardId');
  const kind = useQueryParam('kind') === 'pin' ? 'pin' : 'atm';
  const setPin = useSetCardPin();
  const [first, setFirst] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const [proved, setProved] = useState(false);

  if (done)
    return (
      <main className="card-page">
        <Result
          status="success"
          title={t(kind === 'pin' ? 'pin.donePin' : 'pin.doneAtm')}
          description={t('pin.doneNote')}
        />
        <div className="card-actions">
          <Button color="primary" onClick={() => navigation.back()}>
            {t('common.back')}
          </Button>
        </div>
      </main>
    );

  if (!proved)
    return (
      <main className="card-page">
        <PinProofForm
          initialError={setPin.isError ? apiErrorMessage(setPin.error, t) : null}
          onDone={() => {
            setPin.reset();
            setProved(true);
          }}
        />
      </main>
    );

  return (
    <main className="card-page">
      <PasscodePad
        title={first === null ? t(kind === 'pin' ? 'pin.enterPin' : 'pin.enterAtm') : t('pin.confirm')}
        hint={t('pin.hint')}
        label={first === null ? t('pin.newLabel') : t('pin.confirmLabel')}
        disabled={setPin.isPending}
        error={mismatch ? t('pin.mismatch') : setPin.isError ? apiErrorMessage(setPin.error, t) : null}
        onFill={(digits) => {
          if (first === null) {
            setMismatch(false);
            setPin.reset();
            setFirst(digits);
            return;
          }
          if (digits !== first) {
            setMismatch(true);
            setFirst(null);
            return;
          }
          setPin.mutate(
            { cardId, kind, pin: first, pinConfirm: digits },
            {
              onSuccess: () => setDone(true),
              onError: (e) => {
                setFirst(null);
                // The proof expired or was used: ask for it again.
                if (isApiError(e) && e.key === 'step_up_required') setProved(false);
              },
            },
          );
        }}
      />
      {setPin.isPending ? (
        <p role="status" className="card-fine-print">
          {t('pin.saving')}
        </p>
      ) : null}
    </main>
  );
}
