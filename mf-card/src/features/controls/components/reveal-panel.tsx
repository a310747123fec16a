import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import type { CardDetails } from '@cardwallet/shared/schemas';
import { apiErrorMessage, usePasskeyOffered } from '@cardwallet/shared/forms';
import { PasscodePad, AppLink } from '@cardwallet/shared/ui';
import { revealDetailsWithPasskey, useRevealDetails } from '../api/reveal-details';
import { CardPasskeyButton } from './card-passkey-button';

const groups = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * Card details behind a fresh proof (spec §5/§6, issue 22): "Confirm with passkey" first when the
 * customer has one and the browser can use it, the transaction password as the fallback; the number, expiry and CVV are shown
 * for `visibleSeconds` and then dropped from memory; nothing is stored or cached.
 */
export function RevealPanel({ cardId }: { cardId: string }) {
  const { t } = useTranslation('card');
  const { http } = useHost();
  const reveal = useRevealDetails();
  const passkeyOffered = usePasskeyOffered();
  const [asking, setAsking] = useState(false);
  const [details, setDetails] = useState<CardDetails | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (!details) return;
    setLeft(details.visibleSeconds);
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    const hide = setTimeout(() => {
      setDetails(null);
      reveal.reset();
    }, details.visibleSeconds * 1000);
    return () => {
      clearInterval(timer);
      clearTimeout(hide);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart only for new details
  }, [details]);

  const hide = () => {
    setDetails(null);
    reveal.reset();
  };

  if (details)
    return (
      <section className="card-reveal" aria-labelledby="card-reveal-title">
        <h2 id="card-reveal-title" className="cw-section-title">
          {t('setting.detailsTitle')}
        </h2>
        <dl className="card-reveal-list">
          <div>
            <dt>{t('setting.cardNumber')}</dt>
            <dd className="cw-ltr card-reveal-pan">{groups(details.pan)}</dd>
          </div>
          <div>
            <dt>{t('setting.expiry')}</dt>
            <dd className="cw-ltr">{details.expiry}</dd>
          </div>
          <div>
            <dt>{t('setting.cvv')}</dt>
            <dd className="cw-ltr">{details.cvv}</dd>
          </div>
          {details.cardholder ? (
            <div>
              <dt>{t('setting.cardholder')}</dt>
              <dd>{details.cardholder}</dd>
            </div>
          ) : null}
        </dl>
        <p className="card-fine-print" role="timer" aria-live="off">
          {t('setting.hidesIn', { seconds: Math.max(0, left) })}
        </p>
        <Button onClick={hide}>{t('setting.hideNow')}</Button>
      </section>
    );

  if (asking) {
    const error = reveal.error;
    const needsPassword = isApiError(error) && error.key === 'card_paypass_required';
    return (
      <div className="card-reveal">
        {passkeyOffered ? (
          <CardPasskeyButton
            confirm={async () => {
              const d = await revealDetailsWithPasskey(http, cardId);
              reveal.reset();
              setAsking(false);
              setDetails(d);
            }}
          />
        ) : null}
        <PasscodePad
          title={t('setting.enterPayPassword')}
          hint={t('setting.revealHint')}
          label={t('setting.payPassword')}
          disabled={reveal.isPending}
          error={error && !needsPassword ? apiErrorMessage(error, t) : null}
          onFill={(payPassword) =>
            reveal.mutate(
              { cardId, payPassword },
              {
                onSuccess: (d) => {
                  setAsking(false);
                  setDetails(d);
                },
              },
            )
          }
        />
        {needsPassword ? (
          <div role="alert" className="cw-form-alert">
            {apiErrorMessage(error, t)}{' '}
            <AppLink className="card-link" href="/pages/user/paypass">
              {t('setting.setPayPassword')}
            </AppLink>
          </div>
        ) : null}
        <Button fill="none" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <div className="card-actions">
      <Button onClick={() => setAsking(true)}>{t('setting.viewDetails')}</Button>
    </div>
  );
}
