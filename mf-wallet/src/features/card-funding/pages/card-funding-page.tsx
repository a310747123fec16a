import { useEffect, useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Selector from 'antd-mobile/es/components/selector';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { PasscodePad } from '@cardwallet/shared/ui';
import {
  CARD_WALLET_CURRENCIES,
  type CardFundingWithdrawal,
  type CardWalletCurrency,
} from '@cardwallet/shared/schemas';
import { AmountField, apiErrorMessage, FormAlert, FieldGroup, useDebounced } from '@cardwallet/shared/forms';
import { maximumAmount, readAmount } from '@cardwallet/shared/money';
import { dec } from '../../../lib/amount';
import { useMoney } from '../../../lib/format';
import { useIntentKey } from '../../../lib/idempotency';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { EmptyState } from '../../../components/empty-state';
import { useBalances } from '../../overview/api/get-balances';
import { useWithdrawToWallet } from '../api/withdraw-to-wallet';
import { useCardFundingWithdrawQuote } from '../api/get-withdraw-quote';
import { cardFundingFormSchema, type CardFundingFormValues } from '../components/amount-schema';
import { MoveSummary } from '../components/move-summary';

const PAYPASS_PATH = `/pages/user/paypass?redirect=${encodeURIComponent('/pages/wallet/card-funding')}`;

/**
 * Card-funding balance → wallet (docs/cards.md "Money back to the wallet"): the customer picks the
 * wallet currency (USD, USDT or USDC), sees from where, to where, the fee, the exchange spread on
 * any part that did not come in as that coin and what arrives — all from the API's quote
 * (card/funding/withdrawQuote), never computed here — then confirms with the transaction password.
 * One idempotency key per intent.
 */
export default function CardFundingPage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const balances = useBalances();
  const move = useWithdrawToWallet();
  const intent = useIntentKey();
  const [currency, setCurrency] = useState<CardWalletCurrency>('USDT');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [passError, setPassError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ message: string; setPassword: boolean } | null>(null);
  const [done, setDone] = useState<CardFundingWithdrawal | null>(null);

  const available = balances.data?.cardFunding ?? '0';
  const schema = useMemo(() => cardFundingFormSchema(t, fmt.locale, available), [t, fmt.locale, available]);
  const { control, handleSubmit, setError, clearErrors, getFieldState, watch } = useForm<CardFundingFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = watch('amount');
  // The figure the field shows under itself: what the summary names and what is sent.
  const read = readAmount(amount ?? '', fmt.locale, { scale: 2 });
  useEffect(() => intent.reset(), [amount, currency, intent]);
  // The quote is asked once the field accepts the amount (limits included) and the typing settles;
  // it is shown only for the amount on screen — never another amount's figures.
  const limited = readAmount(amount ?? '', fmt.locale, { scale: 2, limits: { available } });
  const accepted = limited.kind === 'ok' && limited.value !== '0' ? limited.value : null;
  const settled = useDebounced(accepted);
  const quote = useCardFundingWithdrawQuote(settled, currency);
  const current = settled !== null && settled === accepted;
  const quoted = current && quote.data ? quote.data : null;
  // Only the API's answer is a refusal; a lost connection leaves the figures unknown ('—').
  const refusal = current && isApiError(quote.error) ? apiErrorMessage(quote.error, t) : null;
  // The quote's refusal (the operation's own) shows at the field, and goes when the amount or currency changes.
  useEffect(() => {
    if (refusal) setError('amount', { type: 'server', message: refusal });
    else if (getFieldState('amount').error?.type === 'server') clearErrors('amount');
  }, [refusal, setError, clearErrors, getFieldState]);

  if (done)
    return (
      <main className="wallet-page">
        <Result
          status="success"
          title={t('cardFunding.doneTitle')}
          description={t('cardFunding.doneBody', { amount: fmt.money(done.received, done.currency) })}
        />
        <div className="wallet-actions-column">
          <Button block color="primary" onClick={() => navigation.navigate('/pages/wallet/index')}>
            {t('cardFunding.toWallet')}
          </Button>
        </div>
      </main>
    );
  if (balances.isPending) return <PageSkeleton rows={6} />;
  if (balances.isError) return <LoadError error={balances.error} onRetry={() => void balances.refetch()} />;
  if (dec(available).lte(0))
    return (
      <main className="wallet-page">
        <EmptyState title={t('cardFunding.emptyTitle')} description={t('cardFunding.emptyBody')} />
      </main>
    );

  const send = (payPassword: string) => {
    if (!confirming) return;
    setPassError(null);
    move.mutate(
      { body: { amount: confirming, currency, payPassword }, idempotencyKey: intent.current() },
      {
        onSuccess: (record) => {
          intent.reset();
          setDone(record);
        },
        onError: (error) => {
          const key = isApiError(error) ? error.key : undefined;
          const message = apiErrorMessage(error, t);
          if (key === 'paypass_wrong' || key === 'paypass_locked') return setPassError(message);
          setConfirming(null);
          if (key === 'card_funding_insufficient')
            return setError('amount', { type: 'server', message }, { shouldFocus: true });
          setFormError({ message, setPassword: key === 'card_paypass_required' });
        },
      },
    );
  };

  if (confirming)
    return (
      <main className="wallet-page">
        <MoveSummary amount={confirming} currency={currency} quote={quoted} />
        <PasscodePad
          title={t('cardFunding.confirmTitle')}
          hint={t('cardFunding.confirmHint')}
          label={t('withdraw.paypassLabel')}
          error={passError}
          disabled={move.isPending}
          onFill={send}
        />
        {move.isPending && (
          <p role="status" className="wallet-muted">
            {t('withdraw.submitting')}
          </p>
        )}
        <div className="wallet-actions-column">
          <Button block fill="none" disabled={move.isPending} onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </Button>
        </div>
      </main>
    );

  const onContinue = handleSubmit((values) => {
    // What the quote refuses, the move would too: the reason stays at the field.
    if (refusal) return setError('amount', { type: 'server', message: refusal }, { shouldFocus: true });
    setFormError(null);
    setPassError(null);
    setConfirming(values.amount);
  });

  return (
    <main className="wallet-page">
      <section className="wallet-hero" aria-labelledby="card-funding-balance">
        <h2 id="card-funding-balance" className="wallet-hero-label">
          {t('cardFunding.balance')}
        </h2>
        <p className="wallet-hero-amount">
          <span className="cw-ltr">{fmt.usd(available)}</span>
        </p>
        <p className="wallet-hero-sub">{t('cardFunding.explain')}</p>
      </section>
      <section className="cw-card" aria-labelledby="card-funding-currency">
        <h2 id="card-funding-currency" className="wallet-card-title">
          {t('cardFunding.currency')}
        </h2>
        <Selector
          columns={3}
          options={CARD_WALLET_CURRENCIES.map((c) => ({ label: c, value: c }))}
          value={[currency]}
          onChange={(v) => v[0] && setCurrency(v[0])}
        />
      </section>
      <FieldGroup className="wallet-form">
        <AmountField
          classPrefix="wallet"
          control={control}
          name="amount"
          label={t('cardFunding.amount')}
          currency="USD"
          limits={{ available }}
          fill={{ amount: maximumAmount(available, 2), label: 'all' }}
          required
          hint={t('cardFunding.available', { amount: fmt.moneyInText(available, 'USD') })}
        />
      </FieldGroup>
      <MoveSummary amount={read.kind === 'ok' ? read.value : ''} currency={currency} quote={quoted} />
      {formError && (
        <div>
          <FormAlert message={formError.message} />
          {formError.setPassword && (
            <Button fill="none" color="primary" onClick={() => navigation.navigate(PAYPASS_PATH)}>
              {t('cardFunding.setPaypass')}
            </Button>
          )}
        </div>
      )}
      <div className="wallet-actions-column">
        <Button block color="primary" size="large" onClick={() => void onContinue()}>
          {t('cardFunding.continue')}
        </Button>
      </div>
    </main>
  );
}
