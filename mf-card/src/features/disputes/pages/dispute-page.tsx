import { useTranslation } from 'react-i18next';
import { useHost, useLiveEvents } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { formatUsd } from '../../../lib/money';
import { useQueryParam } from '../../../lib/use-query-param';
import { useDispute } from '../api/get-dispute';
import { DisputeTimeline } from '../components/dispute-timeline';
import { EvidenceThumbs } from '../components/evidence-thumbs';
import { FraudActions } from '../components/fraud-actions';
import '../disputes.css';

/** One dispute: what was contested, where it stands (live, from the issuer's webhooks) and its timeline. */
export default function DisputePage() {
  const { t } = useTranslation('card');
  const { navigation, i18n } = useHost();
  const locale = i18n.useLanguage();
  const id = useQueryParam('id');
  const dispute = useDispute(id);
  useLiveEvents(['cards.dispute_'], () => void dispute.refetch());

  if (dispute.isPending && id) return <PageSkeleton label={t('common.loading')} />;
  if (dispute.isError || !id)
    return (
      <main className="card-page">
        <LoadError error={dispute.error} retry={() => void dispute.refetch()} />
      </main>
    );
  const d = dispute.data!;
  return (
    <main className="card-page">
      <section className="dispute-summary" aria-labelledby="dispute-title">
        <h1 id="dispute-title" className="cw-section-title">
          {t('disputes.page.heading', { merchant: d.merchant })}
        </h1>
        <p className={`dispute-badge dispute-badge--${d.status}`} role="status">
          {t(`disputes.status.${d.status}`)}
        </p>
        <dl className="dispute-facts">
          <dt>{t('disputes.page.amount')}</dt>
          <dd className="cw-ltr">{formatUsd(d.amount, locale)}</dd>
          <dt>{t('disputes.page.reason')}</dt>
          <dd>{t(`disputes.reason.${d.reason}`)}</dd>
          <dt>{t('disputes.page.card')}</dt>
          <dd className="cw-ltr">{d.maskedNumber}</dd>
          <dt>{t('disputes.page.order')}</dt>
          <dd className="cw-ltr">{d.orderNo}</dd>
          <dt>{t('disputes.page.fee')}</dt>
          <dd>{t('disputes.page.free')}</dd>
          {d.description ? (
            <>
              <dt>{t('disputes.page.text')}</dt>
              <dd>{d.description}</dd>
            </>
          ) : null}
          {d.evidence.length > 0 ? (
            <>
              <dt>{t('disputes.page.evidence')}</dt>
              <dd>
                {t('disputes.page.images', { count: d.evidence.length })}
                <EvidenceThumbs evidence={d.evidence} />
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="dispute-timeline-title">
        <h2 id="dispute-timeline-title" className="cw-section-title">
          {t('disputes.page.timeline')}
        </h2>
        <DisputeTimeline dispute={d} />
      </section>
      {d.reason === 'fraud' && (d.status === 'submitted' || d.status === 'under_review') ? (
        <FraudActions cardId={d.cardId} />
      ) : null}
      <div className="card-actions">
        <button
          type="button"
          className="card-link"
          onClick={() => navigation.navigate(`/pages/card/disputes?cardId=${encodeURIComponent(d.cardId)}`)}
        >
          {t('disputes.page.all')}
        </button>
      </div>
    </main>
  );
}
