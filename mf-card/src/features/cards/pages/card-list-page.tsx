import { Button, ErrorBlock, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { formatUsd } from '../../../lib/money';
import { useCards } from '../api/get-cards';

/** Every card with its status. */
export default function CardListPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const cards = useCards();
  if (cards.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (cards.isError) return <LoadError error={cards.error} retry={() => void cards.refetch()} />;
  if (cards.data.length === 0)
    return (
      <main className="card-page">
        <ErrorBlock
          status="empty"
          title={t('index.emptyTitle')}
          description={t('index.emptyDescription')}
          fullPage={false}
        />
        <div className="card-actions">
          <Button color="primary" onClick={() => host.navigation.navigate('/pages/card/apply')}>
            {t('index.apply')}
          </Button>
        </div>
      </main>
    );
  return (
    <main className="card-page">
      <List>
        {cards.data.map((c) => (
          <List.Item
            key={c.id}
            description={`${t(`type.${c.type}`)} · ${t(`tier.${c.tier}`)} · ${t(`status.${c.status}`)}`}
            extra={<span className="cw-ltr">{formatUsd(c.balance, locale)}</span>}
          >
            {t(`brand.${c.brand}`)} <span className="cw-ltr">{c.maskedNumber}</span>
          </List.Item>
        ))}
      </List>
    </main>
  );
}
