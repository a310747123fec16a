import Button from 'antd-mobile/es/components/button';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { EmptyState } from '../../../components/empty-state';
import { InviteFriendsLink } from '../../../components/invite-friends-link';
import { LoadError } from '../../../components/load-error';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useFormat } from '../../../lib/format';
import { useCampaign } from '../api/get-campaign';

type Phase = 'upcoming' | 'running' | 'ended';

/** "Invite friends to win a bonus": the campaign's rules, dates and the customer's progress. */
export default function ActivityPage() {
  const { t } = useTranslation('share');
  const { navigation } = useHost();
  const fmt = useFormat();
  const campaign = useCampaign();
  if (campaign.isPending) return <PageSkeleton rows={6} />;
  if (campaign.isError) return <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;
  if (!c) {
    return (
      <main className="share-page">
        <EmptyState
          title={t('activity.noneTitle')}
          description={t('activity.noneBody')}
          action={<InviteFriendsLink />}
        />
      </main>
    );
  }
  const now = campaign.dataUpdatedAt || Date.now();
  const phase: Phase = now < Date.parse(c.startsAt) ? 'upcoming' : now >= Date.parse(c.endsAt) ? 'ended' : 'running';
  const percent = Math.round((c.progress / c.goal) * 100);
  const values = { goal: c.goal, bonus: fmt.usd(c.bonus), start: fmt.date(c.startsAt), end: fmt.date(c.endsAt) };

  return (
    <main className="share-page">
      <section className="share-total-card" aria-labelledby="activity-name">
        <p className={`share-badge share-badge-${phase}`}>{t(`activity.phase.${phase}`)}</p>
        <h2 id="activity-name" className="share-activity-name">
          {c.name}
        </h2>
        <p className="share-total-sub">{t('activity.headline', values)}</p>
        <p className="share-total-sub">
          <time dateTime={c.startsAt}>{values.start}</time> – <time dateTime={c.endsAt}>{values.end}</time>
        </p>
      </section>
      <section className="cw-card share-card" aria-labelledby="activity-progress">
        <h2 id="activity-progress" className="share-card-title">
          {t('activity.progressTitle')}
        </h2>
        <ProgressBar percent={percent} aria-hidden />
        <p role="status" className="share-progress-text">
          {c.awardedAt
            ? t('activity.awarded', { bonus: values.bonus, date: fmt.date(c.awardedAt) })
            : t('activity.progress', { count: c.progress, goal: c.goal })}
        </p>
        {phase === 'running' && !c.awardedAt && (
          <Button color="primary" block onClick={() => navigation.navigate('/pages/share/index')}>
            {t('common.inviteFriends')}
          </Button>
        )}
      </section>
      <section className="cw-card share-card" aria-labelledby="activity-rules">
        <h2 id="activity-rules" className="share-card-title">
          {t('activity.rulesTitle')}
        </h2>
        <ol className="share-rules">
          <li>{t('activity.rules.dates', values)}</li>
          <li>{t('activity.rules.goal', values)}</li>
          <li>{t('activity.rules.bonus', values)}</li>
          <li>{t('activity.rules.once')}</li>
          <li>{t('activity.rules.fair')}</li>
        </ol>
      </section>
      <p className="share-fine-print">
        <a
          className="share-link-button"
          href="/pages/share/ranking"
          onClick={(e) => {
            e.preventDefault();
            navigation.navigate('/pages/share/ranking');
          }}
        >
          {t('activity.seeRanking')}
        </a>
      </p>
    </main>
  );
}
