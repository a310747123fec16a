import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { formatUsd } from '../../../lib/money';
import { useQueryParam } from '../../../lib/use-query-param';
import { useDisputes } from '../api/get-disputes';
import '../disputes.css';

/** The card's disputes (every card's without `cardId`), newest first, following the issuer live. */
export default function DisputeListPage() {
  const { t } = useTranslation('card');
  const { navigation, i18n } = useHost();
  const locale = i18n.useLanguage();
  const cardId = useQueryParam('cardId');
  const disputes = useDisputes(cardId);
  const date = (at: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(at));
  return (
    <main className="card-page">
      <section aria-labelledby="disputes-title">
        <h1 id="disputes-title" className="cw-section-title">
          {t('disputes.list.heading')}
        </h1>
        {disputes.isPending ? (
          <PageSkeleton label={t('common.loading')} />
        ) : disputes.isError ? (
          <LoadError error={disputes.error} retry={() => void disputes.refetch()} />
        ) : disputes.data.data.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={t('disputes.list.emptyTitle')}
            description={t('disputes.list.emptyDescription')}
            fullPage={false}
          />
        ) : (
          <ul className="dispute-list">
            {disputes.data.data.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="dispute-row"
                  onClick={() => navigation.navigate(`/pages/card/dispute?id=${encodeURIComponent(d.id)}`)}
                >
                  <span className="dispute-row-main">
                    <span className="dispute-row-merchant">{d.merchant}</span>
                    <span className="dispute-muted">
                      {t(`disputes.reason.${d.reason}`)} · {date(d.createdAt)}
                    </span>
                  </span>
                  <span className="dispute-row-side">
                    <span className="cw-ltr">{formatUsd(d.amount, locale)}</span>
                    <span className={`dispute-badge dispute-badge--${d.status}`}>
                      {t(`disputes.status.${d.status}`)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="card-actions">
        <button
          type="button"
          className="card-link"
          onClick={() =>
            navigation.navigate(`/pages/card/order-list${cardId ? `?cardId=${encodeURIComponent(cardId)}` : ''}`)
          }
        >
          {t('disputes.list.statement')}
        </button>
      </div>
    </main>
  );
}
