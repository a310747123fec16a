import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { formatUsd, fromCents, isolate, toCents } from '../../../lib/money';
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

  if (dispute.isPending && id) return <PageSkeleton label={t('common.loading')} />;
  if (dispute.isError || !id)
    return (
      <main className="card-page">
        <LoadError error={dispute.error} retry={() => void dispute.refetch()} />
      </main>
    );
  const d = dispute.data!;
  // A lost dispute whose credit had been spent: what is still owed (recovered from the next top-ups).
  const shortfall = toCents(d.shortfall) ?? 0n;
  const paid = toCents(d.recovered) ?? 0n;
  const owed = shortfall > 0n ? { left: shortfall - paid, paid } : null;
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
          {owed ? (
            <>
              <dt>{t('disputes.page.owed')}</dt>
              <dd>
                {owed.left <= 0n ? (
                  t('disputes.page.owedSettled', { amount: isolate(formatUsd(d.shortfall, locale)) })
                ) : (
                  <>
                    <span className="cw-ltr">{formatUsd(fromCents(owed.left), locale)}</span>{' '}
                    <span className="dispute-muted">
                      {t('disputes.page.owedNote', { amount: isolate(formatUsd(d.shortfall, locale)) })}
                    </span>
                    {owed.paid > 0n ? (
                      <>
                        {' '}
                        <span className="dispute-muted">
                          {t('disputes.page.owedPaid', { amount: isolate(formatUsd(d.recovered, locale)) })}
                        </span>
                      </>
                    ) : null}
                  </>
                )}
              </dd>
            </>
          ) : null}
          {d.description ? (
            <>
              <dt>{t('disputes.page.text')}</dt>
              {/* The customer's own words, in whatever script they wrote: the browser picks the direction. */}
              <dd dir="auto">{d.description}</dd>
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
      {d.replacedCardId ? (
        <div role="status" className="dispute-replaced">
          <p>{t('disputes.fraud.followsReplacement', { masked: isolate(d.maskedNumber.replace(' ', '\u00a0')) })}</p>
          <Button block color="primary" onClick={() => navigation.navigate('/pages/card/index')}>
            {t('disputes.fraud.toCards')}
          </Button>
        </div>
      ) : d.reason === 'fraud' && (d.status === 'submitted' || d.status === 'under_review') ? (
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
