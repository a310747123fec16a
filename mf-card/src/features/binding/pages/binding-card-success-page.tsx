import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { useQueryParam } from '../../../lib/use-query-param';
import { useCard } from '../../cards/api/get-card';
import { CardTile } from '../../cards/components/card-tile';

/** The card is bound: what comes next (activation with the first top-up). */
export default function BindingCardSuccessPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cardId = useQueryParam('cardId');
  const card = useCard(cardId);
  return (
    <main className="card-page">
      <Result status="success" title={t('bind.successTitle')} description={t('bind.successNote')} />
      {card.data ? <CardTile card={card.data} /> : null}
      <div className="card-actions">
        <Button
          color="primary"
          block
          onClick={() => navigation.redirect(`/pages/card/card-activation?cardId=${encodeURIComponent(cardId)}`)}
        >
          {t('bind.activate')}
        </Button>
        <Button block onClick={() => navigation.switchTab('/pages/card/index')}>
          {t('bind.toCards')}
        </Button>
      </div>
    </main>
  );
}
