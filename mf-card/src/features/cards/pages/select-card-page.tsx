import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useCards } from '../api/get-cards';
import { CardTile } from '../components/card-tile';

/** Pick the card to top up (`?for=recharge`, default) or to withdraw from (`?for=withdraw`). */
export default function SelectCardPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const purpose = useQueryParam('for') === 'withdraw' ? 'withdraw' : 'recharge';
  const cards = useCards();
  if (cards.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (cards.isError) return <LoadError error={cards.error} retry={() => void cards.refetch()} />;
  const usable = cards.data.filter(
    (c) => c.status === 'active' || (purpose === 'recharge' && c.status === 'inactivated'),
  );
  return (
    <main className="card-page">
      <h2 className="cw-section-title">{t(`selectCard.heading.${purpose}`)}</h2>
      {usable.length === 0 ? (
        <>
          <ErrorBlock
            status="empty"
            title={t('selectCard.none')}
            description={t('index.emptyDescription')}
            fullPage={false}
          />
          <div className="card-actions">
            <Button color="primary" onClick={() => navigation.navigate('/pages/card/apply')}>
              {t('index.apply')}
            </Button>
          </div>
        </>
      ) : (
        <ul className="card-tiles">
          {usable.map((c) => {
            const to =
              c.status === 'inactivated'
                ? `/pages/card/card-activation?cardId=${c.id}`
                : `/pages/card/${purpose}?cardId=${c.id}`;
            return (
              <li key={c.id}>
                <a
                  href={to}
                  className="card-tile-link"
                  onClick={(e) => {
                    e.preventDefault();
                    navigation.redirect(to);
                  }}
                >
                  <CardTile card={c} />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
