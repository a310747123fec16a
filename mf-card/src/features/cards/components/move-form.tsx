import { useState } from 'react';
import { Button, Form } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { cardGatewayFee, cardTopUpBody, type CardProduct, type CardProductsResult, type CardSummary, type CardTopUpBody } from '@cardwallet/shared/schemas';
import { GateNotice } from '../../../components/gate-notice';
import { TextField } from '../../../components/text-field';
import { apiErrorMessage } from '../../../lib/api-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { fixPageOf } from '../../../lib/gate';
import { formatUsd, fromCents, toCents } from '../../../lib/money';
import { useTopUpCard } from '../api/top-up-card';
import { useWithdrawCard } from '../api/withdraw-card';
import { AmountSummary } from './amount-summary';
import { CardTile } from './card-tile';

type Kind = 'recharge' | 'withdraw';

/**
 * Top-up (wallet card-funding → card, gateway fee under 50 USD) or withdrawal (card → wallet,
 * 5 USD fee, the card keeps 1 USD): the amount, its fee and what remains, checked before sending.
 */
export function MoveForm({ kind, card, product, fees, funding }: { kind: Kind; card: CardSummary; product: CardProduct; fees: CardProductsResult; funding: string }) {
  const { t } = useTranslation('card');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const topUp = useTopUpCard();
  const withdraw = useWithdrawCard();
  const mutation = kind === 'recharge' ? topUp : withdraw;
  const [failure, setFailure] = useState<{ message: string; fix: string | null } | null>(null);
  const form = useForm<CardTopUpBody>({ mode: 'onTouched', resolver: zodResolver(cardTopUpBody), defaultValues: { cardId: card.id, amount: '' } });
  const amount = useWatch({ control: form.control, name: 'amount' }) ?? '';
  const cents = toCents(amount);
  const fee = cents === null ? null : kind === 'recharge' ? cardGatewayFee(amount.trim()) : fees.withdrawFee;
  const total = cents === null || fee === null ? null : fromCents(cents + toCents(fee)!);
  const balance = toCents(card.balance)!;
  const maxWithdraw = balance - toCents(fees.withdrawFee)! - toCents(fees.minKeep)!;
  const [min, max] = kind === 'recharge' ? [product.topUpMin, product.topUpMax] : [product.withdrawMin, product.withdrawMax];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const c = toCents(values.amount)!;
    const problem =
      c < toCents(min)! || c > toCents(max)!
        ? t('errors.card_amount_out_of_limits', { ns: 'common', min, max })
        : kind === 'recharge' && c + toCents(cardGatewayFee(values.amount))! > toCents(funding)!
          ? null
          : kind === 'withdraw' && c + toCents(fees.withdrawFee)! > balance
            ? t('errors.insufficient_card_balance', { ns: 'common' })
            : kind === 'withdraw' && c > maxWithdraw
              ? t('errors.card_must_keep_minimum', { ns: 'common', min: fees.minKeep, max: fromCents(maxWithdraw > 0n ? maxWithdraw : 0n) })
              : null;
    if (problem) {
      form.setError('amount', { type: 'server', message: problem });
      return;
    }
    if (kind === 'recharge' && c + toCents(cardGatewayFee(values.amount))! > toCents(funding)!) {
      setFailure({ message: t('errors.insufficient_wallet_balance', { ns: 'common' }), fix: '/pages/wallet/transfer' });
      return;
    }
    try {
      await mutation.mutateAsync({ cardId: card.id, amount: values.amount });
      host.toast.show(t(`${kind}.done`), { icon: 'success' });
      host.navigation.redirect('/pages/card/index');
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['amount'])) return;
      setFailure({ message: apiErrorMessage(error, t), fix: fixPageOf(error) });
    }
  });

  const rows =
    kind === 'recharge'
      ? [
          { label: t('amount.gatewayFee'), amount: fee },
          { label: t('amount.total'), amount: total },
          { label: t('amount.funding'), amount: funding },
        ]
      : [
          { label: t('amount.withdrawFee'), amount: fee },
          { label: t('amount.fromCard'), amount: total },
          { label: t('amount.maxWithdraw'), amount: fromCents(maxWithdraw > 0n ? maxWithdraw : 0n) },
        ];

  return (
    <main className="card-page">
      <CardTile card={card} />
      <p className="card-intro">{t(`${kind}.intro`, { min: formatUsd(min, locale), max: formatUsd(max, locale), keep: formatUsd(fees.minKeep, locale) })}</p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t(`${kind}.formLabel`)}>
        <Form layout="vertical" className="card-form">
          <TextField control={form.control} name="amount" label={t('amount.label')} inputMode="decimal" required />
        </Form>
        <AmountSummary rows={rows} />
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
