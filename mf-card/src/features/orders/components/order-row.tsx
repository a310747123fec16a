import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardOrder } from '@cardwallet/shared/schemas';
import { formatUsd } from '../../../lib/money';

/** The USD amount an order moved (or would have): settled, else authorised; refunds are credits. */
export function orderAmount(o: CardOrder): string {
  return o.settlementAmount ?? o.authorizationAmount ?? o.transactionAmount;
}

/** The fee's month in the reader's language ('2026-11' → "November 2026"). */
export function feeMonth(period: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T00:00:00Z`),
  );
}

/** What the line is about: the merchant, or for the issuer's monthly fee a translated title with its month. */
export function orderTitle(o: CardOrder, t: TFunction<'card'>, locale: string): string {
  if (o.type === 'fee' && o.feePeriod) return t('orders.monthlyFeeFor', { month: feeMonth(o.feePeriod, locale) });
  return o.merchant.name;
}

/** One statement line: merchant, time, state, amount. A real button opening the detail. */
export function OrderRow({ order, onOpen }: { order: CardOrder; onOpen: () => void }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.createdAt),
  );
  const sign = order.type === 'refund' ? '+' : '−';
  return (
    <button type="button" className="card-order-row" onClick={onOpen}>
      <span className="card-order-main">
        <span className="card-order-merchant">{orderTitle(order, t, locale)}</span>
        <span className="card-order-meta">
          {when} · <span className="cw-ltr">{order.maskedNumber}</span>
        </span>
      </span>
      <span className="card-order-side">
        <span className={`card-order-amount card-order-amount--${order.type} cw-ltr`}>
          {sign}
          {formatUsd(orderAmount(order), locale)}
        </span>
        <span className={`card-order-status card-order-status--${order.status}`}>
          {t(`orderStatus.${order.status}`)}
        </span>
        {order.threeDs ? (
          <span className={`card-order-threeds card-order-threeds--${order.threeDs}`}>
            {t(`threeDs.inApp.${order.threeDs}`)}
          </span>
        ) : null}
        {order.dispute ? (
          // The dispute itself opens from the line's detail ("View the dispute").
          <span className={`card-order-dispute card-order-dispute--${order.dispute.status}`}>
            {t('disputes.statementLine.badge', { status: t(`disputes.status.${order.dispute.status}`) })}
          </span>
        ) : null}
      </span>
    </button>
  );
}
