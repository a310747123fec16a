import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { NavListItem } from '@cardwallet/shared/ui';
import { LoadError } from '../../../components/load-error';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useFormat } from '../../../lib/format';
import { useSummary } from '../../invite/api/get-summary';

/** Cashback summary per level and kind, this month against the cap, campaign bonuses. */
export default function DetailPage() {
  const { t } = useTranslation('share');
  const fmt = useFormat();
  const summary = useSummary();
  if (summary.isPending) return <PageSkeleton rows={8} />;
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  const money = (v: string) => <span className="cw-ltr">{fmt.usd(v)}</span>;
  return (
    <main className="share-page">
      <section className="share-total-card" aria-labelledby="detail-total">
        <h2 id="detail-total" className="share-total-label">
          {t('detail.total')}
        </h2>
        <p className="share-total-amount cw-ltr">{fmt.usd(s.total)}</p>
        <p className="share-total-sub">
          {t('detail.thisMonth', { paid: fmt.usd(s.thisMonth), cap: fmt.usd(s.monthlyCap) })}
        </p>
      </section>
      {([1, 2] as const).map((level) => {
        const l = level === 1 ? s.level1 : s.level2;
        return (
          <List
            key={level}
            header={<h3 className="share-list-header">{t('detail.levelHeader', { level, count: l.friends })}</h3>}
          >
            <NavListItem to="/pages/share/open-card" extra={money(l.openCard)}>
              {t('detail.openCard')}
            </NavListItem>
            <NavListItem to="/pages/share/recharge-cash" extra={money(l.recharge)}>
              {t('detail.recharge')}
            </NavListItem>
            <List.Item extra={money(l.total)}>{t('detail.levelTotal')}</List.Item>
          </List>
        );
      })}
      <List header={<h3 className="share-list-header">{t('detail.campaigns')}</h3>}>
        <NavListItem to="/pages/share/activity" extra={money(s.bonus)}>
          {t('detail.bonus')}
        </NavListItem>
      </List>
      <p className="share-fine-print">{t('detail.finePrint')}</p>
    </main>
  );
}
