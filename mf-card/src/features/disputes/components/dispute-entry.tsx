import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardOrder } from '@cardwallet/shared/schemas';
import { useDisputeEligibility } from '../api/get-dispute-eligibility';
import { DisputeForm } from './dispute-form';

/**
 * On a statement line's detail (tap 1): the dispute form itself for a completed purchase of the last
 * 120 days — reason (tap 2), submit (tap 3) — or a link to the dispute it already has. Nothing for
 * other orders.
 */
export function DisputeEntry({ order }: { order: CardOrder }) {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const candidate = order.type === 'purchase' && order.status === 'completed';
  const eligibility = useDisputeEligibility(candidate ? order.id : '');
  if (!candidate || !eligibility.data) return null;
  const { eligible, why, disputeId } = eligibility.data;
  if (disputeId)
    return (
      <div className="card-actions">
        <button
          type="button"
          className="adm-button adm-button-default adm-button-block"
          onClick={() => navigation.navigate(`/pages/card/dispute?id=${encodeURIComponent(disputeId)}`)}
        >
          {t('disputes.entry.view')}
        </button>
      </div>
    );
  if (!eligible) return why === 'too_old' ? <p className="dispute-muted">{t('disputes.entry.tooOld')}</p> : null;
  return <DisputeForm order={order} />;
}
