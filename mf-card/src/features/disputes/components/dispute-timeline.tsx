import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardDispute, CardDisputeStatus } from '@cardwallet/shared/schemas';
import { formatUsd } from '../../../lib/money';

const PATH: CardDisputeStatus[] = ['submitted', 'under_review', 'provisional_credit'];

/** The dispute's states as an ordered list: reached ones with their time (and amount / reason), then what comes next. */
export function DisputeTimeline({ dispute }: { dispute: CardDispute }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const when = (at: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  const reached = new Map(dispute.timeline.map((e) => [e.status, e]));
  const closed = dispute.status === 'won' || dispute.status === 'lost';
  const steps: CardDisputeStatus[] = [...PATH, ...(closed ? [dispute.status] : [])];
  return (
    <ol className="dispute-timeline" aria-label={t('disputes.page.timeline')}>
      {steps.map((s) => {
        const e = reached.get(s);
        return (
          <li
            key={s}
            className={e ? 'dispute-step dispute-step--done' : 'dispute-step'}
            aria-current={s === dispute.status ? 'step' : undefined}
          >
            <span className="dispute-step-title">{t(`disputes.status.${s}`)}</span>
            {e ? (
              <time dateTime={e.at}>{when(e.at)}</time>
            ) : (
              <span className="dispute-muted">{t('disputes.page.pending')}</span>
            )}
            {e && e.amount && s === 'provisional_credit' ? (
              <span>{t('disputes.page.credited', { amount: formatUsd(e.amount, locale) })}</span>
            ) : null}
            {e && s === 'lost' ? (
              <span>
                {e.amount ? t('disputes.page.reversed', { amount: formatUsd(e.amount, locale) }) : null}
                {e.reason ? ` ${t('disputes.page.lostReason', { reason: e.reason })}` : null}
              </span>
            ) : null}
            {e && s === 'won' ? <span>{t('disputes.page.wonNote')}</span> : null}
          </li>
        );
      })}
      {!closed ? (
        <li className="dispute-step">
          <span className="dispute-step-title">{t('disputes.page.decision')}</span>
          <span className="dispute-muted">{t('disputes.page.pending')}</span>
        </li>
      ) : null}
    </ol>
  );
}
