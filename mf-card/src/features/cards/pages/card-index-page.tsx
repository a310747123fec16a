import { NavListItem } from '@cardwallet/shared/ui';
import { Button, ErrorBlock, List } from 'antd-mobile';
import {
  AddCircleOutline,
  BankcardOutline,
  BillOutline,
  GiftOutline,
  LinkOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useCards } from '../api/get-cards';
import { CardTile } from '../components/card-tile';

/** Card tab: the customer's cards (masked number, brand, type, status, balance) and the entries to get one. */
export default function CardIndexPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cards = useCards();
  const go = (path: string) => navigation.navigate(path);
  const hasActive = cards.data?.some((c) => c.status === 'active') ?? false;
  return (
    <main className="card-page">
      <section aria-labelledby="card-mine">
        <h2 id="card-mine" className="cw-section-title">
          {t('index.myCards')}
        </h2>
        {cards.isPending ? (
          <PageSkeleton label={t('common.loading')} />
        ) : cards.isError ? (
          <LoadError error={cards.error} retry={() => void cards.refetch()} />
        ) : cards.data.length === 0 ? (
          <div className="card-empty">
            <ErrorBlock
              status="empty"
              image={<BankcardOutline fontSize={48} aria-hidden />}
              title={t('index.emptyTitle')}
              description={t('index.emptyDescription')}
              fullPage={false}
            />
          </div>
        ) : (
          <ul className="card-tiles">
            {cards.data.map((card) => (
              <li key={card.id}>
                <a
                  href={
                    card.status === 'inactivated' && (card.type === 'virtual' || card.bound)
                      ? `/pages/card/card-activation?cardId=${card.id}`
                      : `/pages/card/setting?cardId=${card.id}`
                  }
                  className="card-tile-link"
                  onClick={(e) => {
                    e.preventDefault();
                    go(e.currentTarget.getAttribute('href')!);
                  }}
                >
                  <CardTile card={card} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {hasActive ? (
        <div className="card-actions card-actions--row">
          <Button color="primary" onClick={() => go('/pages/card/select-card?for=recharge')}>
            {t('index.recharge')}
          </Button>
          <Button onClick={() => go('/pages/card/select-card?for=withdraw')}>{t('index.withdraw')}</Button>
        </div>
      ) : null}
      <List header={t('index.more')}>
        <NavListItem prefix={<AddCircleOutline aria-hidden />} to="/pages/card/apply">
          {t('index.apply')}
        </NavListItem>
        <NavListItem prefix={<LinkOutline aria-hidden />} to="/pages/card/bind-card">
          {t('index.bindCard')}
        </NavListItem>
        <NavListItem prefix={<UnorderedListOutline aria-hidden />} to="/pages/card/list">
          {t('index.allCards')}
        </NavListItem>
        <NavListItem prefix={<BillOutline aria-hidden />} to="/pages/card/order-list">
          {t('index.statement')}
        </NavListItem>
        <NavListItem prefix={<GiftOutline aria-hidden />} to="/pages/card/vbenefits">
          {t('index.vbenefits')}
        </NavListItem>
        <NavListItem prefix={<GiftOutline aria-hidden />} to="/pages/card/benefits">
          {t('index.benefits')}
        </NavListItem>
      </List>
    </main>
  );
}
