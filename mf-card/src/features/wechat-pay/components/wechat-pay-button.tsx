import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import type { ApplyCardBody, WechatPayJsapiParams } from '@cardwallet/shared/schemas';
import { isApiError } from '@cardwallet/shared';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { GateNotice } from '../../../components/gate-notice';
import { fixPageOf } from '../../../lib/gate';
import { useWechatPayQuote } from '../api/wechat-pay-quote';
import { useWechatPayPrepay } from '../api/wechat-pay-prepay';
import './wechat-pay.css';

type Bridge = {
  invoke(name: 'getBrandWCPayRequest', params: WechatPayJsapiParams, done: (r: { err_msg: string }) => void): void;
};

/**
 * "Pay ¥… with WeChat Pay" on the apply page (issue 27): the same form's PIN, a prepay order, then
 * WeChat's own payment sheet inside WeChat (JSAPI parameters), else the cashier page; both come
 * back to /pages/card/wechat-pay, which waits for the notification to complete the application.
 */
export function WechatPayButton({
  form,
  productId,
  addressId,
  disabled,
}: {
  form: UseFormReturn<ApplyCardBody>;
  productId: string;
  addressId: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('card');
  const quote = useWechatPayQuote(productId, !disabled);
  const prepay = useWechatPayPrepay();
  const [failure, setFailure] = useState<{ message: string; fix: string | null } | null>(null);
  const [leaving, setLeaving] = useState(false);

  const press = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!quote.data) return;
    try {
      const r = await prepay.mutateAsync({
        productId,
        pin: values.pin,
        pinConfirm: values.pinConfirm,
        quoteId: quote.data.quoteId,
        ...(addressId ? { addressId } : {}),
      });
      const back = `/pages/card/wechat-pay?orderId=${encodeURIComponent(r.order.orderId)}`;
      const bridge = (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
      setLeaving(true);
      if (bridge) bridge.invoke('getBrandWCPayRequest', r.jsapi, () => window.location.assign(back));
      else window.location.assign(r.cashierUrl ?? back);
    } catch (error) {
      // The held amount lapsed or was used: show the new amount and let the customer confirm it.
      if (isApiError(error) && error.key === 'quote_expired') void quote.refetch();
      setFailure({ message: apiErrorMessage(error, t), fix: fixPageOf(error) });
    }
  });
  const busy = prepay.isPending || leaving;
  const amount = quote.data ? `¥${quote.data.amountCny}` : '';
  return (
    <div className="card-wechat-pay">
      <Button
        type="button"
        block
        fill="outline"
        className="card-wechat-pay__button"
        loading={busy}
        disabled={disabled || busy || !quote.data}
        onClick={() => void press()}
      >
        {quote.data ? t('wechatPay.payWith', { amount }) : t('wechatPay.payWithPlain')}
      </Button>
      {quote.data ? (
        <p className="card-fine-print">{t('wechatPay.rate', { fee: quote.data.feeUsd, rate: quote.data.rate })}</p>
      ) : null}
      {failure ? <GateNotice message={failure.message} fix={failure.fix} /> : null}
    </div>
  );
}
