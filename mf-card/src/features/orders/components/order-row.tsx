import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardOrder } from '@cardwallet/shared/schemas';
import { formatUsd } from '../../../lib/money';

/** The USD amount an order moved (or would have): settled, else authorised; refunds are credits. */
export function orderAmount(o: CardOrder): string {
  return o.settlementAmount ?? o.authorizationAmount ?? o.transactionAmount;
}

/** One statement line: merchant, time, state, amount. A real button opening the detail. */
export function OrderRow({ order, onOpen }: { order: CardOrder; onOpen: () => void }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(order.createdAt));
  const sign = order.type === 'refund' ? '+' : '−';
  return (
    <button type="button" className="card-order-row" onClick={onOpen}>
      <span className="card-order-main">
        <span className="card-order-merchant">{order.merchant.name}</span>
        <span className="card-order-meta">
          {when} · <span className="cw-ltr">{order.maskedNumber}</span>
        </span>
      </span>
      <span className="card-order-side">
        <span className={`card-order-amount card-order-amount--${order.type} cw-ltr`}>
          {sign}
          {formatUsd(orderAmount(order), locale)}
        </span>
        <span className={`card-order-status card-order-status--${order.status}`}>{t(`orderStatus.${order.status}`)}</span>
      </span>
    </button>
  );
}
