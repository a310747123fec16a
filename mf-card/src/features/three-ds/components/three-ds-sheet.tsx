import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import type { ThreeDsChallenge } from '@cardwallet/shared/schemas';
import { PasscodePad, AppLink } from '@cardwallet/shared/ui';
import { apiErrorMessage, passkeyProof, usePasskeyOffered } from '@cardwallet/shared/forms';
import { formatMoney, formatUsd } from '../../../lib/money';
import { CardPasskeyButton } from '../../controls/components/card-passkey-button';
import { useAnswerChallenge } from '../api/answer-challenge';

/** Seconds left until `expiresAt`, ticking every second (never below 0). */
function useSecondsLeft(expiresAt: string): number {
  const left = () => Math.max(0, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart only for another challenge
  }, [expiresAt]);
  return seconds;
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * One 3-D Secure challenge (docs/cards.md "3-D Secure in the app"): merchant, amount in the
 * purchase currency and in USD, card, time left; "Approve" asks for a fresh proof (passkey first
 * when the customer has one, else the transaction password), "Decline" is one tap. Both buttons
 * are disabled while an answer is on its way, so a double tap sends one; the server takes exactly one
 * answer anyway. `onDone` gets the final state.
 */
export function ThreeDsSheet({
  challenge,
  onDone,
  headingLevel = 2,
}: {
  challenge: ThreeDsChallenge;
  onDone: (final: ThreeDsChallenge) => void;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation('card');
  const { http, i18n } = useHost();
  const locale = i18n.useLanguage();
  const answer = useAnswerChallenge();
  const passkeyOffered = usePasskeyOffered();
  const [proving, setProving] = useState(false);
  const [result, setResult] = useState<ThreeDsChallenge | null>(null);
  const secondsLeft = useSecondsLeft(challenge.expiresAt);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  useEffect(() => headingRef.current?.focus(), [challenge.id]);

  const finish = (final: ThreeDsChallenge) => {
    setResult(final);
    setProving(false);
    onDone(final);
  };
  const send = (a: Parameters<typeof answer.mutate>[0]) =>
    answer.mutate(a, {
      onSuccess: finish,
      onError: (error) => {
        // Answered elsewhere (another tab) or timed out meanwhile: show the final state.
        if (isApiError(error) && (error.key === 'card_threeds_answered' || error.key === 'card_threeds_expired')) {
          const status = (error.data as { status?: ThreeDsChallenge['status'] } | undefined)?.status;
          if (status && status !== 'pending') finish({ ...challenge, status });
        }
      },
    });

  const status = result?.status ?? (secondsLeft === 0 ? 'timed_out' : challenge.status);
  const error = answer.error;
  const needsPassword = isApiError(error) && error.key === 'card_paypass_required';
  const foreign = challenge.currency !== 'USD';

  return (
    <section className="card-threeds" aria-labelledby={titleId}>
      <Heading id={titleId} ref={headingRef} tabIndex={-1} className="cw-section-title">
        {t('threeDs.title')}
      </Heading>
      <p className="card-fine-print">{t('threeDs.intro')}</p>
      <dl className="card-threeds-facts">
        <div>
          <dt>{t('threeDs.merchant')}</dt>
          <dd>{challenge.merchant.name}</dd>
        </div>
        <div>
          <dt>{t('threeDs.amount')}</dt>
          <dd className="cw-ltr card-threeds-amount">{formatMoney(challenge.amount, challenge.currency, locale)}</dd>
        </div>
        {foreign ? (
          <div>
            <dt>{t('threeDs.inUsd')}</dt>
            <dd className="cw-ltr">{formatUsd(challenge.billingAmount, locale)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('threeDs.card')}</dt>
          <dd className="cw-ltr">{`${challenge.cardBrand === 'mastercard' ? 'Mastercard' : 'Visa'} ${challenge.maskedNumber}`}</dd>
        </div>
        {status === 'pending' ? (
          <div>
            <dt>{t('threeDs.timeLeft')}</dt>
            <dd className="cw-ltr">
              <span role="timer" aria-live="off">
                {mmss(secondsLeft)}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>

      {status !== 'pending' ? (
        <p role="status" className={`card-threeds-result card-threeds-result--${status}`}>
          {t(`threeDs.result.${status}`)}
        </p>
      ) : proving ? (
        <div className="card-threeds-proof">
          {passkeyOffered ? (
            <CardPasskeyButton
              confirm={async () => {
                const proof = await passkeyProof(http);
                finish(await answer.mutateAsync({ id: challenge.id, decision: 'approve', passkey: proof }));
              }}
            />
          ) : null}
          <PasscodePad
            title={t('threeDs.enterPayPassword')}
            hint={t('threeDs.passwordHint')}
            label={t('setting.payPassword')}
            disabled={answer.isPending}
            error={error && !needsPassword ? apiErrorMessage(error, t) : null}
            onFill={(payPassword) => send({ id: challenge.id, decision: 'approve', payPassword })}
          />
          {needsPassword ? (
            <div role="alert" className="cw-form-alert">
              {apiErrorMessage(error, t)}{' '}
              <AppLink className="card-link" href="/pages/user/paypass">
                {t('setting.setPayPassword')}
              </AppLink>
            </div>
          ) : null}
          <Button fill="none" disabled={answer.isPending} onClick={() => setProving(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : (
        <div className="card-threeds-actions">
          {error ? (
            <div role="alert" className="cw-form-alert">
              {apiErrorMessage(error, t)}
            </div>
          ) : null}
          <Button block color="primary" disabled={answer.isPending} onClick={() => setProving(true)}>
            {t('threeDs.approve')}
          </Button>
          <Button
            block
            fill="outline"
            loading={answer.isPending}
            disabled={answer.isPending}
            onClick={() => send({ id: challenge.id, decision: 'decline' })}
          >
            {t('threeDs.decline')}
          </Button>
        </div>
      )}
    </section>
  );
}
