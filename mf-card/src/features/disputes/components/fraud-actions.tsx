import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { formatUsd, isolate } from '../../../lib/money';
import { useCard } from '../../cards/api/get-card';
import { useCardAction } from '../../controls/api/card-action';
import { useReplaceCard } from '../api/replace-card';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

/**
 * A fraud dispute's next steps in the same flow: freeze the card (the existing freeze, if it was not
 * frozen with the dispute) and replace it (POST card/replace: a new number, the balance moved, the
 * old card closed, free) behind a confirmation that says so.
 */
export function FraudActions({ cardId }: { cardId: string }) {
  const { t } = useTranslation('card');
  const { navigation, i18n } = useHost();
  const locale = i18n.useLanguage();
  const card = useCard(cardId);
  const freeze = useCardAction('freeze');
  // One key per screen: a second tap or a retry replaces the card once.
  const [key] = useState(newKey);
  const replace = useReplaceCard(key);
  const status = card.data?.status;
  const replaced = replace.data;
  const replaceable = status === 'active' || status === 'frozen';
  return (
    <section className="dispute-fraud" aria-labelledby="dispute-fraud-title">
      <h2 id="dispute-fraud-title" className="cw-section-title">
        {t('disputes.fraud.title')}
      </h2>
      {replaced ? (
        <div role="status" className="dispute-replaced">
          <p>{t('disputes.fraud.replaced', { masked: isolate(replaced.maskedNumber.replace(' ', '\u00a0')) })}</p>
          <Button block color="primary" onClick={() => navigation.navigate('/pages/card/index')}>
            {t('disputes.fraud.toCards')}
          </Button>
        </div>
      ) : (
        <>
          {status === 'frozen' || status === 'risk_frozen' ? (
            <p role="status">{t('disputes.fraud.frozen')}</p>
          ) : status === 'active' ? (
            <>
              <p>{t('disputes.fraud.freezeHint')}</p>
              <Button
                block
                color="danger"
                loading={freeze.isPending}
                disabled={freeze.isPending}
                onClick={() => freeze.mutate(cardId)}
              >
                {t('disputes.fraud.freeze')}
              </Button>
              <FormAlert message={freeze.isError ? apiErrorMessage(freeze.error, t) : null} />
            </>
          ) : status === 'closed' ? (
            <p role="status">{t('disputes.fraud.closed')}</p>
          ) : null}
          {replaceable ? (
            <>
              <p>{t('disputes.fraud.replaceHint')}</p>
              <Button
                block
                loading={replace.isPending}
                disabled={replace.isPending}
                onClick={async () => {
                  const ok = await Dialog.confirm({
                    title: t('disputes.fraud.replaceTitle'),
                    content: t('disputes.fraud.replaceBody', {
                      masked: isolate((card.data?.maskedNumber ?? '').replace(' ', '\u00a0')),
                      balance: isolate(formatUsd(card.data?.balance ?? '0.00', locale)),
                    }),
                    confirmText: t('disputes.fraud.replaceConfirm'),
                    cancelText: t('common.cancel'),
                  });
                  if (ok) replace.mutate(cardId);
                }}
              >
                {t('disputes.fraud.replace')}
              </Button>
              <FormAlert message={replace.isError ? apiErrorMessage(replace.error, t) : null} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
