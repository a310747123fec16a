import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useWechatPayOrder } from '../api/wechat-pay-order';
import '../components/wechat-pay.css';
import { AppLink } from '@cardwallet/shared/ui';

/** After WeChat Pay: waits for the payment notification, then shows the new card, or why not (closed, refunded). */
export default function WechatPayPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  const orderId = useQueryParam('orderId') ?? '';
  const order = useWechatPayOrder(orderId);
  if (!orderId) return <LoadError error={new Error(t('wechatPay.noOrder'))} retry={() => host.navigation.back()} />;
  if (order.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (order.isError) return <LoadError error={order.error} retry={() => void order.refetch()} />;
  const o = order.data;
  const amount = <span className="cw-ltr">¥{o.amountCny}</span>;
  if (o.status === 'COMPLETED' && o.cardId)
    return (
      <main className="card-page">
        <Result
          status="success"
          title={t('wechatPay.completed')}
          description={
            <>
              {t('wechatPay.paid')} {amount}
            </>
          }
        />
        <div className="card-actions">
          <Button
            color="primary"
            block
            onClick={() =>
              host.navigation.redirect(`/pages/card/apply-success?cardId=${encodeURIComponent(o.cardId!)}`)
            }
          >
            {t('wechatPay.toCard')}
          </Button>
        </div>
      </main>
    );
  if (o.status === 'CLOSED' || o.status === 'REFUNDED' || o.status === 'REFUNDING')
    return (
      <main className="card-page">
        <Result
          status="warning"
          title={t(o.status === 'CLOSED' ? 'wechatPay.closed' : 'wechatPay.refunded')}
          description={
            o.status === 'CLOSED' ? null : (
              <>
                {t('wechatPay.refundNote')} {amount}
              </>
            )
          }
        />
        <p className="card-wechat-pay__status">
          <AppLink className="card-link" href="/pages/card/apply">
            {t('wechatPay.applyAgain')}
          </AppLink>
        </p>
      </main>
    );
  return (
    <main className="card-page">
      <Result
        status="waiting"
        title={t('wechatPay.waiting')}
        description={
          <>
            {t('wechatPay.waitingNote')} {amount}
          </>
        }
      />
      <p role="status" className="card-wechat-pay__status">
        {t('wechatPay.checking')}
      </p>
    </main>
  );
}
