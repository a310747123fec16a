import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from '@cardwallet/shared/zod';
import { useHost } from '@cardwallet/shared';
import { isApiError } from '@cardwallet/shared';
import { formatDecimal, formatMoney, maximumAmount, readAmount, type AmountLimits } from '@cardwallet/shared/money';
import {
  CARD_WALLET_CURRENCIES,
  cardGatewayFee,
  pinSchema,
  type CardProduct,
  type CardProductsResult,
  type CardSummary,
  type CardWalletCurrency,
} from '@cardwallet/shared/schemas';
import {
  AmountField,
  amountSchema,
  apiErrorMessage,
  applyServerFieldErrors,
  passkeyProof,
  PasswordField,
  usePasskeyOffered,
  FieldGroup,
  useDebounced,
} from '@cardwallet/shared/forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { GateNotice } from '../../../components/gate-notice';
import { fixPageOf } from '../../../lib/gate';
import { mostTopUp } from '../../../lib/card-move-check';
import { formatPercent, formatUsd, fromCents, isolate, toCents } from '../../../lib/money';
import { couponDiscount } from '../../../lib/coupon-discount';
import { useFeeCoupons } from '../api/get-fee-coupons';
import { useTopUpCard } from '../api/top-up-card';
import { useTopUpQuote } from '../api/get-top-up-quote';
import { useWithdrawQuote } from '../api/get-withdraw-quote';
import { useWithdrawCard } from '../api/withdraw-card';
import { CardPasskeyButton } from '../../controls/components/card-passkey-button';
import { AmountSummary } from './amount-summary';
import { CardTile } from './card-tile';

type Kind = 'recharge' | 'withdraw';

/**
 * Top-up (wallet card-funding → card, gateway fee under 50 USD) or withdrawal (card → the wallet
 * in USD, USDT or USDC, 5 USD fee, the card keeps 1 USD, transaction password): the amount, its
 * fee, where it goes and what arrives, checked before sending. What arrives is the API's quote
 * (card/topUpQuote, card/withdrawQuote), never computed here: a withdrawal returns 1:1 only as USD
 * or in the coin the money came in as; the rest is priced as an exchange, and the spread is named.
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
  const form = useForm<{ amount: string; payPassword: string }, unknown, { amount: string; payPassword: string }>({
    mode: 'onTouched',
    resolver: (values, context, options) => zodResolver(schema)(values, context, options),
    defaultValues: { amount: '', payPassword: '' },
  });
  const text = useWatch({ control: form.control, name: 'amount' }) ?? '';
  // The amount as this page's locale reads it (separators, 2 decimals), before any limit: the fee
  // of a top-up depends on it (0.30 USD under 50 USD), and the limits depend on the fee.
  const parsed = readAmount(text, locale, { scale: 2 });
  const typed = parsed.kind === 'ok' ? parsed.value : null;
  const coupon = coupons.data?.find((c) => c.id === couponId) ?? null;
  const discountOf = (full: string) => (coupon && toCents(full)! > 0n ? couponDiscount(coupon, full) : null);
  /** A full fee less the chosen coupon's discount. */
  const feeAfterCoupon = (full: string) => {
    const discount = discountOf(full);
    return fromCents(toCents(full)! - (discount ? toCents(discount)! : 0n));
  };
  /** The fee `amount` costs, after the chosen coupon. */
  const feeOf = (amount: string): { fee: string; discount: string | null } => {
    const full = kind === 'recharge' ? cardGatewayFee(amount) : fees.withdrawFee;
    return { fee: feeAfterCoupon(full), discount: discountOf(full) };
  };
  const charged = typed === null ? null : feeOf(typed);
  const fee = charged?.fee ?? null;
  const discount = charged?.discount ?? null;
  const [min, max] =
    kind === 'recharge' ? [product.topUpMin, product.topUpMax] : [product.withdrawMin, product.withdrawMax];
  // Every limit the API checks and this page knows, checked as the customer types (the reason shows
  // at the field): the product's minimum and maximum, the balance the amount and its fee come from,
  // and on a withdrawal the 1 USD the card keeps.
  const limits: AmountLimits =
    kind === 'recharge'
      ? { minimum: min, maximum: max, available: funding, fees: [fee ?? '0'] }
      : { minimum: min, maximum: max, available: card.balance, fees: [feeOf('0').fee], keep: fees.minKeep };
  const schema = z.object({
    amount: amountSchema(t, locale, { currency: 'USD', limits }),
    // The passkey path checks the amount alone (trigger('amount')); the password path needs six digits.
    payPassword: kind === 'withdraw' ? pinSchema : z.string(),
  });
  const read = readAmount(text, locale, { scale: 2, limits });
  // The amount only once nothing refuses it: a refused amount never shows what would arrive.
  const accepted = read.kind === 'ok' ? read.value : null;
  // The quote for the amount the field accepted, once the typing settles; shown only while it is the
  // amount on screen (another amount's figures are never shown as this one's).
  const settled = useDebounced(accepted);
  const topUpQuote = useTopUpQuote(card.id, kind === 'recharge' ? settled : null);
  const withdrawQuote = useWithdrawQuote(card.id, kind === 'withdraw' ? settled : null, currency);
  const quote = kind === 'recharge' ? topUpQuote : withdrawQuote;
  const current = settled !== null && settled === accepted;
  // Only the API's answer is a refusal; a lost connection leaves the figures unknown ('—').
  const refusal = current && isApiError(quote.error) ? apiErrorMessage(quote.error, t) : null;
  const quotedTopUp = kind === 'recharge' && current ? (topUpQuote.data ?? null) : null;
  const quotedWithdraw = kind === 'withdraw' && current ? (withdrawQuote.data ?? null) : null;
  // The quote's fee (no coupon: the quote takes none), less the chosen coupon's discount.
  const quotedFee = (quotedTopUp ?? quotedWithdraw)?.fee ?? null;
  const shownFee = quotedFee === null ? null : feeAfterCoupon(quotedFee);
  const total = accepted === null || shownFee === null ? null : fromCents(toCents(accepted)! + toCents(shownFee)!);
  // Some of it priced as an exchange (a non-negative decimal with a non-zero digit).
  const converted = quotedWithdraw !== null && /[1-9]/.test(quotedWithdraw.converted);
  // The quote's refusal (card/topUp's or card/withdraw's own, e.g. card_amount_out_of_limits) shows at
  // the field, and goes when the amount or the currency changes.
  const { setError, clearErrors, getFieldState } = form;
  useEffect(() => {
    if (refusal) setError('amount', { type: 'server', message: refusal });
    else if (getFieldState('amount').error?.type === 'server') clearErrors('amount');
  }, [refusal, setError, clearErrors, getFieldState]);
  const maxWithdraw = maximumAmount(card.balance, 2, { fees: [feeOf('0').fee], keep: fees.minKeep });
  const fill =
    kind === 'recharge'
      ? mostTopUp(funding, max, (amount) => feeOf(amount).fee)
      : maximumAmount(card.balance, 2, { fees: [feeOf('0').fee], keep: fees.minKeep, maximum: max });
  // Money the wallet lacks is moved in from the wallet: the way there, beside the reason at the field.
  const fundingShort = kind === 'recharge' && read.kind === 'refused' && read.refusal.key === 'amount.balance';

  const withCoupon = () => (discount ? { couponId: coupon!.id } : {});
  const done = () => {
    host.toast.show(t(`${kind}.done`, { currency }), { icon: 'success' });
    host.navigation.redirect('/pages/card/index');
  };

  /** The withdrawal's other proof (issue 22): a passkey instead of the transaction password; its failures show under its button. */
  const withPasskey = async () => {
    setFailure(null);
    if (refusal || !(await form.trigger('amount')) || accepted === null) return;
    const proof = await passkeyProof(host.http);
    await withdraw.mutateAsync({ cardId: card.id, amount: accepted, currency, passkey: proof, ...withCoupon() });
    done();
  };

  // `values.amount` is the schema's canonical figure: exactly the one shown under the field.
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // What the quote refuses, the operation refuses too: the reason stays at the field.
    if (refusal) {
      form.setError('amount', { type: 'server', message: refusal }, { shouldFocus: true });
      return;
    }
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
          { label: t('amount.gatewayFee'), amount: shownFee },
          { label: t('amount.total'), amount: total },
          { label: t('amount.arrives'), amount: quotedTopUp?.amount ?? null },
          { label: t('amount.funding'), amount: quotedTopUp?.cardFunding ?? funding },
        ]
      : [
          ...(discount ? [{ label: t('apply.discount'), amount: null, text: `−${formatUsd(discount, locale)}` }] : []),
          { label: t('amount.withdrawFee'), amount: shownFee },
          { label: t('amount.fromCard'), amount: total },
          { label: t('amount.maxWithdraw'), amount: maxWithdraw },
          { label: t('withdraw.destination'), amount: null, text: t('withdraw.walletIn', { currency }) },
          // The part that did not come in as this coin is priced as an exchange: its spread, named.
          ...(quotedWithdraw && converted
            ? [
                {
                  label: t('withdraw.spread', { percent: formatPercent(quotedWithdraw.spreadRate, locale) }),
                  amount: null,
                  text: `−${formatMoney(locale, quotedWithdraw.spreadAmount, quotedWithdraw.currency)}`,
                },
                {
                  label: t('withdraw.exchanged'),
                  amount: null,
                  text: `${formatUsd(quotedWithdraw.converted, locale)} · 1 USD = ${formatDecimal(locale, quotedWithdraw.rate, { maximumDecimals: 12 })} ${quotedWithdraw.currency}`,
                },
              ]
            : []),
          // What arrives is the quote's: 1:1 only as USD or in the coin the money came in as.
          {
            label: t('withdraw.received'),
            amount: null,
            text: quotedWithdraw === null ? '—' : formatMoney(locale, quotedWithdraw.receive, quotedWithdraw.currency),
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
          <AmountField
            control={form.control}
            name="amount"
            label={t('amount.label')}
            currency="USD"
            limits={limits}
            fill={{ amount: fill, label: 'max' }}
            classPrefix="card"
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
        {fundingShort && !failure ? (
          <GateNotice
            message={t('errors.insufficient_wallet_balance', { ns: 'common' })}
            fix="/pages/wallet/transfer"
          />
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
