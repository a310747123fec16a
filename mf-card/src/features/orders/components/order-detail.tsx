import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardOrder } from '@cardwallet/shared/schemas';
import { formatMoney, formatUsd } from '../../../lib/money';
import { feeMonth, orderTitle } from './order-row';

/** Every field of a card order (spec §3). */
export function OrderDetail({ order }: { order: CardOrder }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const dash = '—';
  const place = [order.merchant.city, order.merchant.country].filter(Boolean).join(', ');
  return (
    <List header={t('orders.detailTitle')}>
      <List.Item extra={<span className="cw-ltr">{order.orderNo}</span>}>{t('orders.orderNo')}</List.Item>
      <List.Item extra={t(`orderStatus.${order.status}`)}>{t('orders.status')}</List.Item>
      <List.Item extra={<span className="cw-ltr">{order.maskedNumber}</span>}>{t('orders.card')}</List.Item>
      <List.Item extra={t(`orderType.${order.type}`)}>{t('orders.type')}</List.Item>
      <List.Item
        extra={
          <span className="cw-ltr">{formatMoney(order.transactionAmount, order.transactionCurrency, locale)}</span>
        }
      >
        {t('orders.transactionAmount')}
      </List.Item>
      <List.Item
        extra={
          <span className="cw-ltr">
            {order.authorizationAmount ? formatUsd(order.authorizationAmount, locale) : dash}
          </span>
        }
      >
        {t('orders.authorizationAmount')}
      </List.Item>
      <List.Item
        extra={
          <span className="cw-ltr">{order.settlementAmount ? formatUsd(order.settlementAmount, locale) : dash}</span>
        }
      >
        {t('orders.settlementAmount')}
      </List.Item>
      <List.Item extra={<span className="cw-ltr">{formatUsd(order.fee, locale)}</span>}>{t('orders.fee')}</List.Item>
      {order.type === 'fee' && order.feePeriod ? (
        <List.Item extra={feeMonth(order.feePeriod, locale)}>{t('orders.feePeriod')}</List.Item>
      ) : (
        <List.Item extra={orderTitle(order, t, locale)} description={place || undefined}>
          {t('orders.merchant')}
        </List.Item>
      )}
      {order.threeDs ? (
        <List.Item extra={t(`threeDs.inApp.${order.threeDs}`)}>{t('threeDs.statementLabel')}</List.Item>
      ) : null}
      {order.declineReason ? (
        <List.Item extra={t(`declineReason.${order.declineReason}`)}>{t('orders.declineReason')}</List.Item>
      ) : null}
      <List.Item
        extra={new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(
          new Date(order.createdAt),
        )}
      >
        {t('orders.time')}
      </List.Item>
    </List>
  );
}
