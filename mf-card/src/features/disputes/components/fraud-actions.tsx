import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { FormAlert } from '../../../components/form-alert';
import { useCard } from '../../cards/api/get-card';
import { useCardAction } from '../../controls/api/card-action';

/**
 * A fraud dispute's next steps in the same flow: freeze the card (the existing freeze, if it was not
 * frozen with the dispute) and order a replacement card (the existing apply flow).
 */
export function FraudActions({ cardId }: { cardId: string }) {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const card = useCard(cardId);
  const freeze = useCardAction('freeze');
  const status = card.data?.status;
  return (
    <section className="dispute-fraud" aria-labelledby="dispute-fraud-title">
      <h2 id="dispute-fraud-title" className="cw-section-title">
        {t('disputes.fraud.title')}
      </h2>
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
      ) : null}
      <Button block onClick={() => navigation.navigate('/pages/card/apply')}>
        {t('disputes.fraud.replace')}
      </Button>
    </section>
  );
}
