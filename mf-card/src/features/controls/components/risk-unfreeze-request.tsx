import { useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { CARD_FEES, type CardSummary } from '@cardwallet/shared/schemas';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { couponDiscount } from '../../../lib/coupon-discount';
import { formatUsd, fromCents, isolate, toCents } from '../../../lib/money';
import { useFeeCoupons } from '../../cards/api/get-fee-coupons';
import { AmountSummary } from '../../cards/components/amount-summary';
import { useCardAction } from '../api/card-action';

/**
 * The request to lift a risk freeze (once, after the freeze period): the unfreeze fee, the discount of
 * an unfreeze-fee coupon and what is payable, shown before confirming — like the top-up's coupon.
 * A usable coupon is offered preselected (it can only ever discount this fee); "No coupon" keeps it.
 */
export function RiskUnfreezeRequest({ card }: { card: CardSummary }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const request = useCardAction('requestUnfreeze');
  const coupons = useFeeCoupons('card_unfreeze_fee');
  const usable = coupons.data ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const couponId = choice ?? usable[0]?.id ?? 'none';
  const coupon = usable.find((c) => c.id === couponId) ?? null;
  const fee = CARD_FEES.unfreezeFee;
  const discount = coupon ? couponDiscount(coupon, fee) : null;
  const off = discount && toCents(discount)! > 0n ? discount : null;
  const payable = fromCents(toCents(fee)! - (off ? toCents(off)! : 0n));
  const shown = isolate(formatUsd(payable, locale));

  const rows = [
    { label: t('setting.unfreezeFee'), amount: fee },
    ...(off ? [{ label: t('apply.discount'), amount: null, text: `−${formatUsd(off, locale)}` }] : []),
    { label: t('setting.unfreezePayable'), amount: payable },
  ];

  return (
    <>
      {usable.length > 0 ? (
        <ChoiceGroup
          legend={t('apply.coupon')}
          name="unfreeze-coupon"
          value={couponId}
          onChange={setChoice}
          options={[
            { value: 'none', label: t('apply.noCoupon') },
            ...usable.map((c) => ({
              value: c.id,
              label:
                c.discountType === 'fixed'
                  ? t('apply.couponFixed', { code: c.code, amount: formatUsd(c.discountValue, locale) })
                  : t('apply.couponPercent', {
                      code: c.code,
                      percent: c.discountValue,
                      cap: formatUsd(c.discountCap ?? '0', locale),
                    }),
            })),
          ]}
        />
      ) : null}
      <AmountSummary rows={rows} />
      <Button
        block
        color="primary"
        loading={request.isPending}
        disabled={request.isPending}
        onClick={async () => {
          const confirmed = await Dialog.confirm({
            title: t('setting.requestTitle'),
            content: t('setting.requestBody', { fee: shown }),
            confirmText: t('setting.requestUnfreeze', { fee: shown }),
            cancelText: t('common.cancel'),
          });
          if (confirmed) request.mutate({ cardId: card.id, ...(off ? { couponId: coupon!.id } : {}) });
        }}
      >
        {t('setting.requestUnfreeze', { fee: shown })}
      </Button>
      <FormAlert message={request.isError ? apiErrorMessage(request.error, t) : null} />
    </>
  );
}
