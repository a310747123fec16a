import { useEffect } from 'react';
import { List } from 'antd-mobile';
import { NavListItem } from '@cardwallet/shared/ui';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useCard } from '../../cards/api/get-card';
import { CardTile } from '../../cards/components/card-tile';
import { FreezeControls } from '../components/freeze-controls';
import { RevealPanel } from '../components/reveal-panel';

/** Card settings: PIN and ATM PIN, details behind the transaction password, freeze, close, statement. */
export default function SettingPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cardId = useQueryParam('cardId');
  const card = useCard(cardId);
  useEffect(() => {
    if (!cardId) navigation.redirect('/pages/card/list');
  }, [cardId, navigation]);

  if (!cardId || card.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (card.isError) return <LoadError error={card.error} retry={() => void card.refetch()} />;
  const c = card.data;
  const usable = !['closed', 'cancelling'].includes(c.status);
  const q = `cardId=${encodeURIComponent(c.id)}`;
  return (
    <main className="card-page">
      <CardTile card={c} />
      {usable ? (
        <List header={t('setting.security')}>
          <NavListItem to={`/pages/card/set-card-pin?${q}&kind=pin`}>{t('setting.setPin')}</NavListItem>
          <NavListItem to={`/pages/card/set-card-pin?${q}&kind=atm`}>{t('setting.setAtmPin')}</NavListItem>
        </List>
      ) : null}
      {usable && c.status !== 'inactivated' ? <RevealPanel cardId={c.id} /> : null}
      <List header={t('setting.more')}>
        <NavListItem to={`/pages/card/order-list?${q}`}>{t('setting.statement')}</NavListItem>
        {usable && c.status !== 'inactivated' ? (
          <NavListItem to={`/pages/card/spending-controls?${q}`}>{t('setting.spendingControls')}</NavListItem>
        ) : null}
        {c.status === 'active' ? (
          <NavListItem to={`/pages/card/recharge?${q}`}>{t('index.recharge')}</NavListItem>
        ) : null}
        {c.status === 'inactivated' ? (
          <NavListItem to={`/pages/card/card-activation?${q}`}>{t('setting.activate')}</NavListItem>
        ) : null}
      </List>
      <FreezeControls card={c} />
      <p className="card-fine-print card-threeds-note">{t('setting.threeDsNote')}</p>
    </main>
  );
}
