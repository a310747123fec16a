import { Button, Result, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PHYSICAL_CARD_DELIVERY_WORKING_DAYS, useHost } from '@cardwallet/shared';
import { SHIPPING_STATUSES } from '@cardwallet/shared/schemas';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useCard } from '../api/get-card';
import { CardTile } from '../components/card-tile';

/** "Open card": the new card and what happens next (activate now; a physical card is on its way). */
export default function ApplySuccessPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cardId = useQueryParam('cardId');
  const card = useCard(cardId);
  if (!cardId) return <LoadError error={null} retry={() => navigation.navigate('/pages/card/index')} />;
  if (card.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (card.isError) return <LoadError error={card.error} retry={() => void card.refetch()} />;
  const c = card.data;
  return (
    <main className="card-page">
      <Result
        status="success"
        title={<h2 className="card-result-title">{t('success.title')}</h2>}
        description={t(`success.next.${c.type}`, { days: PHYSICAL_CARD_DELIVERY_WORKING_DAYS })}
      />
      <CardTile card={c} />
      {c.type === 'physical' && c.shippingStatus ? (
        <Steps current={SHIPPING_STATUSES.indexOf(c.shippingStatus)} aria-label={t('success.shipping')}>
          {SHIPPING_STATUSES.map((s) => (
            <Steps.Step key={s} title={t(`shipping.${s}`)} />
          ))}
        </Steps>
      ) : null}
      <div className="card-actions">
        <Button
          color="primary"
          block
          onClick={() => navigation.redirect(`/pages/card/card-activation?cardId=${encodeURIComponent(c.id)}`)}
        >
          {t('success.activate')}
        </Button>
        <Button block onClick={() => navigation.switchTab('/pages/card/index')}>
          {t('success.toCards')}
        </Button>
      </div>
    </main>
  );
}
