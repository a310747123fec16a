import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { activateCardBody, cardGatewayFee, type ActivateCardBody } from '@cardwallet/shared/schemas';
import { apiErrorMessage, applyServerFieldErrors, TextField, FieldGroup } from '@cardwallet/shared/forms';
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
  const form = useForm<ActivateCardBody>({
    mode: 'onTouched',
    resolver: zodResolver(activateCardBody),
    defaultValues: { cardId, firstName: '', lastName: '', mobile: '', amount: '' },
  });
  const amount = useWatch({ control: form.control, name: 'amount' }) ?? '';
  if (!cardId) return <LoadError error={null} retry={() => host.navigation.navigate('/pages/card/index')} />;
  if (card.isPending || products.isPending || eligibility.isPending)
    return <PageSkeleton label={t('common.loading')} />;
  if (card.isError) return <LoadError error={card.error} retry={() => void card.refetch()} />;
  if (products.isError) return <LoadError error={products.error} retry={() => void products.refetch()} />;
  if (eligibility.isError) return <LoadError error={eligibility.error} retry={() => void eligibility.refetch()} />;
  const product = products.data.products.find((p) => p.id === card.data.productId)!;
  const cents = toCents(amount);
  const fee = cents !== null ? cardGatewayFee(amount.trim()) : null;
  const total = cents !== null && fee !== null ? fromCents(cents + toCents(fee)!) : null;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const min = toCents(product.firstTopUpMin)!;
    if ((toCents(values.amount) ?? 0n) < min) {
      form.setError('amount', {
        type: 'server',
        message: t('errors.card_first_topup_minimum', { ns: 'common', min: product.firstTopUpMin }),
      });
      return;
    }
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
          <TextField
            namespace="card"
            control={form.control}
            name="amount"
            label={t('activation.amount', { min: product.firstTopUpMin })}
            inputMode="decimal"
            required
          />
        </FieldGroup>
        <AmountSummary
          rows={[
            { label: t('amount.gatewayFee'), amount: fee },
            { label: t('amount.total'), amount: total },
            { label: t('amount.funding'), amount: eligibility.data.cardFunding },
          ]}
        />
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
