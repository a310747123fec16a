import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { readAmount, type AmountLimits } from '@cardwallet/shared/money';
import { activateCardBody, cardGatewayFee, type ActivateCardBody } from '@cardwallet/shared/schemas';
import {
  AmountField,
  amountSchema,
  apiErrorMessage,
  applyServerFieldErrors,
  TextField,
  FieldGroup,
} from '@cardwallet/shared/forms';
import { GateNotice } from '../../../components/gate-notice';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { fixPageOf } from '../../../lib/gate';
import { formatUsd, fromCents, isolate, toCents } from '../../../lib/money';
import { useQueryParam } from '../../../lib/use-query-param';
import { useActivateCard } from '../api/activate-card';
import { useCard } from '../api/get-card';
import { useEligibility } from '../api/get-eligibility';
import { useProducts } from '../api/get-products';
import { AmountSummary } from '../components/amount-summary';
import { CardTile } from '../components/card-tile';

/** Cardholder's first and last name and mobile, and the first top-up that activates the card. */
export default function ActivationPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const cardId = useQueryParam('cardId');
  const card = useCard(cardId);
  const products = useProducts();
  const eligibility = useEligibility();
  const activate = useActivateCard();
  const [failure, setFailure] = useState<{ message: string; fix: string | null } | null>(null);
  // The limits are known once the product and balance are in; the resolver of this render uses them.
  let limits: AmountLimits = {};
  const form = useForm<ActivateCardBody, unknown, ActivateCardBody>({
    mode: 'onTouched',
    resolver: (values, context, options) =>
      zodResolver(activateCardBody.extend({ amount: amountSchema(t, locale, { currency: 'USD', limits }) }))(
        values,
        context,
        options,
      ),
    defaultValues: { cardId, firstName: '', lastName: '', mobile: '', amount: '' },
  });
  const text = useWatch({ control: form.control, name: 'amount' }) ?? '';
  if (!cardId) return <LoadError error={null} retry={() => host.navigation.navigate('/pages/card/index')} />;
  if (card.isPending || products.isPending || eligibility.isPending)
    return <PageSkeleton label={t('common.loading')} />;
  if (card.isError) return <LoadError error={card.error} retry={() => void card.refetch()} />;
  if (products.isError) return <LoadError error={products.error} retry={() => void products.refetch()} />;
  if (eligibility.isError) return <LoadError error={eligibility.error} retry={() => void eligibility.refetch()} />;
  const product = products.data.products.find((p) => p.id === card.data.productId)!;
  // The page's locale reads the amount; its fee (0.30 USD under 50 USD) then joins the limits:
  // the first top-up's own minimum, the product's maximum, and the card-funding balance it comes from.
  const parsed = readAmount(text, locale, { scale: 2 });
  const fee = parsed.kind === 'ok' ? cardGatewayFee(parsed.value) : null;
  limits = {
    minimum: product.firstTopUpMin,
    maximum: product.topUpMax,
    available: eligibility.data.cardFunding,
    fees: [fee ?? '0'],
  };
  const read = readAmount(text, locale, { scale: 2, limits });
  const accepted = read.kind === 'ok' ? read.value : null;
  const total = accepted !== null && fee !== null ? fromCents(toCents(accepted)! + toCents(fee)!) : null;
  const fundingShort = read.kind === 'refused' && read.refusal.key === 'amount.balance';

  // `values.amount` is the schema's canonical figure: exactly the one shown under the field.
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await activate.mutateAsync({ ...values, cardId });
      host.toast.show(t('activation.done'), { icon: 'success' });
      host.navigation.redirect('/pages/card/index');
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['firstName', 'lastName', 'mobile', 'amount'])) return;
      setFailure({ message: apiErrorMessage(error, t), fix: fixPageOf(error) });
    }
  });

  if (card.data.status !== 'inactivated') {
    return (
      <main className="card-page">
        <CardTile card={card.data} />
        <GateNotice message={t('errors.card_already_active', { ns: 'common' })} fix={null} />
      </main>
    );
  }
  return (
    <main className="card-page">
      <CardTile card={card.data} />
      <p className="card-intro">{t('activation.intro', { min: isolate(formatUsd(product.firstTopUpMin, locale)) })}</p>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('activation.formLabel')}>
        <FieldGroup className="card-form">
          <TextField
            namespace="card"
            control={form.control}
            name="firstName"
            label={t('activation.firstName')}
            autoComplete="given-name"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="lastName"
            label={t('activation.lastName')}
            autoComplete="family-name"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="mobile"
            label={t('activation.mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+447911123456"
            required
          />
          <AmountField
            control={form.control}
            name="amount"
            label={t('activation.amount', { min: product.firstTopUpMin })}
            currency="USD"
            limits={limits}
            classPrefix="card"
            required
          />
        </FieldGroup>
        <AmountSummary
          rows={[
            { label: t('amount.gatewayFee'), amount: fee },
            { label: t('amount.total'), amount: total },
            { label: t('amount.arrives'), amount: accepted },
            { label: t('amount.funding'), amount: eligibility.data.cardFunding },
          ]}
        />
        {fundingShort && !failure ? (
          <GateNotice
            message={t('errors.insufficient_wallet_balance', { ns: 'common' })}
            fix="/pages/wallet/transfer"
          />
        ) : null}
        {failure ? <GateNotice message={failure.message} fix={failure.fix} /> : null}
        <div className="card-actions">
          <Button type="submit" color="primary" block loading={activate.isPending} disabled={activate.isPending}>
            {t('activation.submit')}
          </Button>
        </div>
      </form>
    </main>
  );
}
