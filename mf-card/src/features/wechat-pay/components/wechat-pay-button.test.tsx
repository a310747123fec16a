import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useForm } from 'react-hook-form';
import type { ApplyCardBody } from '@cardwallet/shared/schemas';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { WechatPayButton } from './wechat-pay-button';

const PRODUCT = 'virtual-visa-standard';

function Harness() {
  const form = useForm<ApplyCardBody>({ defaultValues: { productId: PRODUCT, pin: '123456', pinConfirm: '123456' } });
  return <WechatPayButton form={form} productId={PRODUCT} addressId={null} disabled={false} />;
}

const heldQuote = (n: number, amountCny: string) => ({
  quoteId: `00000000-0000-4000-8000-00000000000${n}`,
  feeUsd: '10.00',
  amountCny,
  rate: (Number(amountCny) / 10).toFixed(4),
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
});

describe('WeChat Pay on the apply page', () => {
  it('pays the held quote shown; when it has lapsed, shows the new amount and why, and pays that one', async () => {
    // Inside WeChat: its payment sheet (the bridge) takes the JSAPI parameters; it is never answered here.
    const invoke = vi.fn();
    (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    const quotes = [heldQuote(1, '72.35'), heldQuote(2, '72.41')];
    let asked = 0;
    const { user, calls } = renderWithHost(<Harness />, {
      loggedIn: true,
      routes: {
        'POST card/wechatPay/quote': () => quotes[Math.min(asked++, 1)]!,
        'POST card/wechatPay/prepay': ({ body }) =>
          (body as { quoteId: string }).quoteId === quotes[0]!.quoteId
            ? apiError('quote_expired', 'The exchange rate has changed. Please confirm the new quote.')
            : {
                order: {
                  orderId: 'o-1',
                  outTradeNo: 'CW20261125abc',
                  status: 'NOTPAY',
                  productId: PRODUCT,
                  feeUsd: '10.00',
                  amountCny: '72.41',
                  rate: '7.2410',
                  expiresAt: new Date(Date.now() + 900_000).toISOString(),
                  cardId: null,
                  failure: null,
                },
                jsapi: {
                  appId: 'wx',
                  timeStamp: '1',
                  nonceStr: 'n',
                  package: 'prepay_id=wx1',
                  signType: 'RSA',
                  paySign: 's',
                },
                cashierUrl: '/api/dev/wechatpay/cashier?o=1',
              },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay ¥72.35 with WeChat Pay' }));
    expect(await screen.findByText('The exchange rate has changed. Please confirm the new quote.')).toBeVisible();
    // The new held amount replaces the old one; nothing was paid.
    const again = await screen.findByRole('button', { name: 'Pay ¥72.41 with WeChat Pay' });
    expect(invoke).not.toHaveBeenCalled();
    await user.click(again);
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith(
        'getBrandWCPayRequest',
        expect.objectContaining({ package: 'prepay_id=wx1', signType: 'RSA' }),
        expect.any(Function),
      ),
    );
    const prepays = calls.filter((c) => c.url === 'card/wechatPay/prepay').map((c) => c.body);
    expect(prepays).toEqual([
      { productId: PRODUCT, pin: '123456', pinConfirm: '123456', quoteId: quotes[0]!.quoteId },
      { productId: PRODUCT, pin: '123456', pinConfirm: '123456', quoteId: quotes[1]!.quoteId },
    ]);
    delete (window as unknown as { WeixinJSBridge?: unknown }).WeixinJSBridge;
  });
});
