import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { isApiError } from '@cardwallet/shared';
import {
  CARD_WALLET_CURRENCIES,
  cardGatewayFee,
  cardTopUpBody,
  cardWithdrawBody,
  type CardProduct,
  type CardProductsResult,
  type CardSummary,
  type CardWalletCurrency,
  type CardWithdrawBody,
} from '@cardwallet/shared/schemas';
import {
  apiErrorMessage,
  applyServerFieldErrors,
  passkeyProof,
  PasswordField,
  TextField,
  usePasskeyOffered,
  FieldGroup,
} from '@cardwallet/shared/forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { GateNotice } from '../../../components/gate-notice';
import { fixPageOf } from '../../../lib/gate';
import { formatUsd, fromCents, isolate, toCents } from '../../../lib/money';
import { couponDiscount } from '../../../lib/coupon-discount';
import { useFeeCoupons } from '../api/get-fee-coupons';
import { useTopUpCard } from '../api/top-up-card';
import { useWithdrawCard } from '../api/withdraw-card';
import { CardPasskeyButton } from '../../controls/components/card-passkey-button';
import { AmountSummary } from './amount-summary';
import { CardTile } from './card-tile';

type Kind = 'recharge' | 'withdraw';

/**
 * Top-up (wallet card-funding → card, gateway fee under 50 USD) or withdrawal (card → the wallet
 * in USD, USDT or USDC 1:1, 5 USD fee, the card keeps 1 USD, transaction password): the amount,
 * its fee, where it goes and what arrives, checked before sending.
 */
export function MoveForm({
  kind,
  card,
  product,
  fees,
  funding,
}: {
  kind: Kind;
  card: CardSummary;
  product: CardProduct;
  fees: CardProductsResult;
  funding: string;
}) {
  const { t } = useTranslation('card');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const topUp = useTopUpCard();
  const withdraw = useWithdrawCard();
  const mutation = kind === 'recharge' ? topUp : withdraw;
  const [failure, setFailure] = useState<{ message: string; fix: string | null } | null>(null);
  const [currency, setCurrency] = useState<CardWalletCurrency>('USD');
  // A fee coupon (top-up gateway fee / withdrawal fee) lowers the fee shown here and charged.
  const coupons = useFeeCoupons(kind === 'recharge' ? 'card_topup_gateway_fee' : 'card_withdrawal_fee');
  const [couponId, setCouponId] = useState('none');
  const passkeyOffered = usePasskeyOffered();
  // One form for both: the top-up schema ignores the withdrawal's currency and password.
  const form = useForm<CardWithdrawBody>({
    mode: 'onTouched',
    resolver: zodResolver((kind === 'recharge' ? cardTopUpBody : cardWithdrawBody) as typeof cardWithdrawBody),
    defaultValues: { cardId: card.id, amount: '', currency: 'USD', payPassword: '' },
  });
  const amount = useWatch({ control: form.control, name: 'amount' }) ?? '';
  const cents = toCents(amount);
  const fullFee = cents === null ? null : kind === 'recharge' ? cardGatewayFee(amount.trim()) : fees.withdrawFee;
  const coupon = coupons.data?.find((c) => c.id === couponId) ?? null;
  const discount = coupon && fullFee !== null && toCents(fullFee)! > 0n ? couponDiscount(coupon, fullFee) : null;
  const fee = fullFee === null ? null : fromCents(toCents(fullFee)! - (discount ? toCents(discount)! : 0n));
  const total = cents === null || fee === null ? null : fromCents(cents + toCents(fee)!);
  const balance = toCents(card.balance)!;
  const withdrawFee = toCents(fees.withdrawFee)! - (kind === 'withdraw' && discount ? toCents(discount)! : 0n);
  const maxWithdraw = balance - withdrawFee - toCents(fees.minKeep)!;
  const [min, max] =
    kind === 'recharge' ? [product.topUpMin, product.topUpMax] : [product.withdrawMin, product.withdrawMax];

  /** The limits and balances this page knows, checked before anything is sent (false: refused here). */
  const precheck = (value: string): boolean => {
    setFailure(null);
    const c = toCents(value)!;
    const problem =
      c < toCents(min)! || c > toCents(max)!
        ? t('errors.card_amount_out_of_limits', { ns: 'common', min, max })
        : kind === 'recharge'
          ? null
          : c + withdrawFee > balance
            ? t('errors.insufficient_card_balance', { ns: 'common' })
            : kind === 'withdraw' && c > maxWithdraw
              ? t('errors.card_must_keep_minimum', {
                  ns: 'common',
                  min: fees.minKeep,
                  max: fromCents(maxWithdraw > 0n ? maxWithdraw : 0n),
                })
              : null;
    if (problem) {
      form.setError('amount', { type: 'server', message: problem });
      return false;
    }
    if (kind === 'recharge' && c + toCents(fee ?? '0')! > toCents(funding)!) {
      setFailure({ message: t('errors.insufficient_wallet_balance', { ns: 'common' }), fix: '/pages/wallet/transfer' });
      return false;
    }
    return true;
  };
  const withCoupon = () => (discount ? { couponId: coupon!.id } : {});
  const done = () => {
    host.toast.show(t(`${kind}.done`, { currency }), { icon: 'success' });
    host.navigation.redirect('/pages/card/index');
  };

  /** The withdrawal's other proof (issue 22): a passkey instead of the transaction password; its failures show under its button. */
  const withPasskey = async () => {
    if (!(await form.trigger('amount'))) return;
    const value = form.getValues('amount');
    if (!precheck(value)) return;
    const proof = await passkeyProof(host.http);
    await withdraw.mutateAsync({ cardId: card.id, amount: value, currency, passkey: proof, ...withCoupon() });
    done();
  };

  const submit = form.handleSubmit(async (values) => {
    if (!precheck(values.amount)) return;
    try {
      if (kind === 'recharge') await topUp.mutateAsync({ cardId: card.id, amount: values.amount, ...withCoupon() });
      else
        await withdraw.mutateAsync({
          cardId: card.id,
          amount: values.amount,
          currency,
          payPassword: values.payPassword,
          ...withCoupon(),
        });
      done();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['amount', 'payPassword'])) return;
      if (isApiError(error) && (error.key === 'paypass_wrong' || error.key === 'paypass_locked')) {
        form.setError('payPassword', { type: 'server', message: apiErrorMessage(error, t) }, { shouldFocus: true });
        return;
      }
      setFailure({ message: apiErrorMessage(error, t), fix: fixPageOf(error) });
    }
  });

  const rows =
    kind === 'recharge'
      ? [
          ...(discount ? [{ label: t('apply.discount'), amount: null, text: `−${formatUsd(discount, locale)}` }] : []),
          { label: t('amount.gatewayFee'), amount: fee },
          { label: t('amount.total'), amount: total },
          { label: t('amount.funding'), amount: funding },
        ]
      : [
          ...(discount ? [{ label: t('apply.discount'), amount: null, text: `−${formatUsd(discount, locale)}` }] : []),
          { label: t('amount.withdrawFee'), amount: fee },
          { label: t('amount.fromCard'), amount: total },
          { label: t('amount.maxWithdraw'), amount: fromCents(maxWithdraw > 0n ? maxWithdraw : 0n) },
          { label: t('withdraw.destination'), amount: null, text: t('withdraw.walletIn', { currency }) },
          // 1:1: what leaves the card (less the fee) arrives in the chosen currency.
          {
            label: t('withdraw.received'),
            amount: null,
            text: cents === null ? '—' : `${fromCents(cents)} ${currency}`,
          },
        ];

  return (
    <main className="card-page">
      <CardTile card={card} />
      {/* Amounts isolated: in ar-AE an unisolated "US$ 10.00" is reordered to "$US 10.00" inside the sentence. */}
      <p className="card-intro">
        {t(`${kind}.intro`, {
          min: isolate(formatUsd(min, locale)),
          max: isolate(formatUsd(max, locale)),
          keep: isolate(formatUsd(fees.minKeep, locale)),
        })}
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t(`${kind}.formLabel`)}>
        <FieldGroup className="card-form">
          <TextField
            namespace="card"
            control={form.control}
            name="amount"
            label={t('amount.label')}
            inputMode="decimal"
            required
          />
        </FieldGroup>
        {coupons.data && coupons.data.length > 0 ? (
          <ChoiceGroup
            legend={t('apply.coupon')}
            name="fee-coupon"
            value={couponId}
            onChange={setCouponId}
            options={[
              { value: 'none', label: t('apply.noCoupon') },
              ...coupons.data.map((c) => ({
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
        {kind === 'withdraw' ? (
          <ChoiceGroup
            legend={t('withdraw.currency')}
            name="currency"
            value={currency}
            options={CARD_WALLET_CURRENCIES.map((c) => ({ value: c, label: c }))}
            onChange={setCurrency}
          />
        ) : null}
        <AmountSummary rows={rows} />
        {kind === 'withdraw' && passkeyOffered ? <CardPasskeyButton confirm={withPasskey} /> : null}
        {kind === 'withdraw' ? (
          <FieldGroup className="card-form">
            <PasswordField
              namespace="card"
              control={form.control}
              name="payPassword"
              label={t('withdraw.payPassword')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              required
            />
          </FieldGroup>
        ) : null}
        {failure ? <GateNotice message={failure.message} fix={failure.fix} /> : null}
        <div className="card-actions">
          <Button type="submit" color="primary" block loading={mutation.isPending} disabled={mutation.isPending}>
            {t(`${kind}.submit`)}
          </Button>
        </div>
      </form>
    </main>
  );
}
