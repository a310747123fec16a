import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { InviteFriendsLink } from '../../../components/invite-friends-link';
import { LoadError } from '../../../components/load-error';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useFormat } from '../../../lib/format';
import { useRanking } from '../api/get-ranking';

/** This month's top inviters (masked) by friends who registered this month, and the customer's own place. */
export default function RankingPage() {
  const { t } = useTranslation('share');
  const fmt = useFormat();
  const ranking = useRanking();
  if (ranking.isPending) return <PageSkeleton rows={10} />;
  if (ranking.isError) return <LoadError error={ranking.error} onRetry={() => void ranking.refetch()} />;
  const r = ranking.data;
  const [year, month] = r.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(fmt.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return (
    <main className="share-page">
      <section className="share-total-card" aria-labelledby="ranking-mine">
        <h2 id="ranking-mine" className="share-total-label">
          {t('ranking.mine', { month: monthName })}
        </h2>
        <p className="share-total-amount">
          {r.mine.rank ? <span className="cw-ltr">#{fmt.number(r.mine.rank)}</span> : t('ranking.unranked')}
        </p>
        <p className="share-total-sub">{t('ranking.invited', { count: r.mine.invited })}</p>
      </section>
      {r.entries.length === 0 ? (
        <EmptyState
          title={t('ranking.emptyTitle')}
          description={t('ranking.emptyBody')}
          action={<InviteFriendsLink />}
        />
      ) : (
        <ol className="cw-list share-list share-ranking" aria-label={t('ranking.listLabel', { month: monthName })}>
          {r.entries.map((e) => (
            <li
              key={e.rank}
              className={`cw-list-row share-rank-row${e.me ? ' share-rank-me' : ''}`}
              aria-current={e.me ? 'true' : undefined}
            >
              <span
                className={`share-rank share-rank-${Math.min(e.rank, 4)}`}
                aria-label={t('ranking.place', { rank: e.rank })}
              >
                {fmt.number(e.rank)}
              </span>
              <span className="cw-ltr share-friend">{e.displayName}</span>
              {e.me && <span className="share-badge share-badge-running">{t('ranking.you')}</span>}
              <span className="share-rank-count">{t('ranking.invited', { count: e.invited })}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="share-fine-print">{t('ranking.rule')}</p>
    </main>
  );
}
