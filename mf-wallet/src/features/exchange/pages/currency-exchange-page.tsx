import { useCallback, useEffect, useMemo, useState } from 'react';
import { CustomNavBar } from '@cardwallet/shared/ui';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Selector from 'antd-mobile/es/components/selector';
import { FileOutline } from 'antd-mobile-icons';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import {
  CURRENCY_DEFINITIONS,
  WALLET_CURRENCIES,
  type ExchangeQuote,
  type ExchangeRecord,
  type WalletCurrency,
} from '@cardwallet/shared/schemas';
import { AmountField, apiErrorMessage, FormAlert, FieldGroup } from '@cardwallet/shared/forms';
import { maximumAmount } from '@cardwallet/shared/money';
import { useMoney } from '../../../lib/format';
import { useIntentKey } from '../../../lib/idempotency';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { useCurrencies } from '../../currency/api/get-currencies';
import { useBalances } from '../../overview/api/get-balances';
import { useExchangeQuote } from '../api/exchange-quote';
import { useExchange } from '../api/exchange';
import { exchangeFormSchema, type ExchangeFormValues } from '../components/exchange-schema';
import { useSecondsLeft } from '../components/use-countdown';

const options = (exclude?: WalletCurrency) =>
  WALLET_CURRENCIES.filter((c) => c !== exclude).map((c) => ({ label: c, value: c }));

/** Exchange between wallet currencies on a live 30-second quote, refreshed when it runs out. */
export default function CurrencyExchangePage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const currencies = useCurrencies();
  const balances = useBalances();
  const quoteCall = useExchangeQuote();
  const exchange = useExchange();
  const intent = useIntentKey();
  const [from, setFrom] = useState<WalletCurrency>('USDT');
  const [to, setTo] = useState<WalletCurrency>('BTC');
  const [quote, setQuote] = useState<{ data: ExchangeQuote; deadline: number; since: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<ExchangeRecord | null>(null);
  const secondsLeft = useSecondsLeft(quote?.deadline ?? null, quote?.since ?? null);

  const info = currencies.data?.currencies.find((c) => c.code === from);
  const available = balances.data?.balances.find((b) => b.currency === from)?.available ?? '0';
  const limits = useMemo(
    () => ({
      minimum: info?.exchangeMinimum ?? CURRENCY_DEFINITIONS[from].exchangeMinimum,
      maximum: info?.exchangeMaximum ?? CURRENCY_DEFINITIONS[from].exchangeMaximum,
      available,
    }),
    [from, info, available],
  );
  const schema = useMemo(() => exchangeFormSchema(t, fmt.locale, from, limits), [t, fmt.locale, from, limits]);
  const { control, handleSubmit, watch, trigger, setValue, setError } = useForm<ExchangeFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = watch('amount');

  const { mutate: requestQuote } = quoteCall;
  const fetchQuote = useCallback(
    (value: string) =>
      requestQuote(
        { from, to, amount: value },
        {
          // A new price is a new intent: the key of the old quote must not confirm this one.
          onSuccess: (data) => {
            intent.reset();
            const since = Date.now();
            setQuote({ data, deadline: since + data.ttlSeconds * 1000, since });
          },
          onError: (error) => {
            setQuote(null);
            const message = apiErrorMessage(error, t);
            if (isApiError(error) && (error.key === 'insufficient_balance' || error.key === 'exchange_out_of_limits'))
              setError('amount', { type: 'server', message });
            else setFormError(message);
          },
        },
      ),
    [requestQuote, from, to, intent, t, setError],
  );

  // Anything changed → the quote no longer answers the question asked.
  useEffect(() => {
    setQuote(null);
    setNotice(null);
  }, [from, to, amount]);
  useEffect(() => {
    if (amount) void trigger('amount');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [limits, fmt.locale]);
  // Expired while the customer looked: fetch a fresh price (the old one is never confirmed).
  useEffect(() => {
    if (secondsLeft === 0 && quote && !exchange.isPending && !quoteCall.isPending) {
      setNotice(t('exchange.refreshed'));
      fetchQuote(quote.data.amount);
    }
  }, [secondsLeft, quote, exchange.isPending, quoteCall.isPending, fetchQuote, t]);

  if (done) {
    return (
      <main className="wallet-page">
        <CustomNavBar title={t('exchange.title')} />
        <Result
          status="success"
          title={t('exchange.doneTitle')}
          description={t('exchange.doneBody', {
            paid: fmt.money(done.amount, done.from),
            received: fmt.money(done.receive, done.to),
          })}
        />
        <div className="wallet-actions-column">
          <Button block color="primary" onClick={() => navigation.redirect('/pages/wallet/exchange-record')}>
            {t('exchange.records')}
          </Button>
          <Button
            block
            fill="none"
            onClick={() => {
              setDone(null);
              setValue('amount', '');
            }}
          >
            {t('exchange.again')}
          </Button>
        </div>
      </main>
    );
  }

  const nav = (
    <CustomNavBar
      title={t('exchange.title')}
      right={
        <button
          type="button"
          className="cw-icon-button"
          aria-label={t('exchange.records')}
          onClick={() => navigation.navigate('/pages/wallet/exchange-record')}
        >
          <FileOutline aria-hidden />
        </button>
      }
    />
  );
  if (currencies.isPending || balances.isPending)
    return (
      <>
        {nav}
        <PageSkeleton rows={6} />
      </>
    );
  if (currencies.isError || balances.isError)
    return (
      <>
        {nav}
        <LoadError
          error={currencies.error ?? balances.error}
          onRetry={() => {
            void currencies.refetch();
            void balances.refetch();
          }}
        />
      </>
    );

  const confirm = () => {
    if (!quote || exchange.isPending) return;
    setFormError(null);
    exchange.mutate(
      { quoteId: quote.data.quoteId, idempotencyKey: intent.current() },
      {
        onSuccess: (record) => {
          intent.reset();
          setQuote(null);
          setDone(record);
        },
        onError: (error) => {
          if (isApiError(error) && error.key === 'quote_expired') {
            setNotice(apiErrorMessage(error, t));
            fetchQuote(quote.data.amount);
            return;
          }
          setFormError(apiErrorMessage(error, t));
        },
      },
    );
  };

  return (
    <main className="wallet-page">
      {nav}
      <section className="cw-card" aria-labelledby="exchange-from">
        <h2 id="exchange-from" className="wallet-card-title">
          {t('exchange.from')}
        </h2>
        <Selector
          columns={5}
          options={options()}
          value={[from]}
          onChange={(v) => {
            const next = v[0];
            if (!next) return;
            setFrom(next);
            if (next === to) setTo(next === 'USDT' ? 'BTC' : 'USDT');
          }}
        />
      </section>
      <section className="cw-card" aria-labelledby="exchange-to">
        <h2 id="exchange-to" className="wallet-card-title">
          {t('exchange.to')}
        </h2>
        <Selector columns={4} options={options(from)} value={[to]} onChange={(v) => v[0] && setTo(v[0])} />
      </section>
      <FieldGroup className="wallet-form">
        <AmountField
          classPrefix="wallet"
          control={control}
          name="amount"
          label={t('exchange.amount', { currency: from })}
          currency={from}
          limits={limits}
          fill={{ amount: maximumAmount(available, CURRENCY_DEFINITIONS[from].scale), label: 'all' }}
          required
          placeholder={t('exchange.limits', {
            min: fmt.amount(limits.minimum, from),
            max: fmt.amount(limits.maximum, from),
          })}
          hint={t('withdraw.available', { amount: fmt.moneyInText(available, from) })}
        />
      </FieldGroup>

      {quote ? (
        <section className="cw-card wallet-quote" aria-labelledby="exchange-quote" aria-live="polite">
          <h2 id="exchange-quote" className="wallet-card-title">
            {t('exchange.quote')}
          </h2>
          <dl className="wallet-summary">
            <div>
              <dt>{t('exchange.paying')}</dt>
              <dd className="cw-ltr">{fmt.exact(quote.data.amount, quote.data.from)}</dd>
            </div>
            <div>
              <dt>{t('exchange.midRate')}</dt>
              <dd className="cw-ltr">
                1 {quote.data.from} = {fmt.rate(quote.data.midRate)} {quote.data.to}
              </dd>
            </div>
            <div>
              <dt>{t('exchange.spread', { percent: fmt.percent(quote.data.spreadRate) })}</dt>
              <dd className="cw-ltr">{fmt.exact(quote.data.spreadAmount, quote.data.to)}</dd>
            </div>
            <div>
              <dt>{t('exchange.rate')}</dt>
              <dd className="cw-ltr">
                1 {quote.data.from} = {fmt.rate(quote.data.rate)} {quote.data.to}
              </dd>
            </div>
            <div>
              <dt>{t('exchange.receive')}</dt>
              <dd className="cw-ltr" data-testid="exchange-receive">
                {fmt.exact(quote.data.receive, quote.data.to)}
              </dd>
            </div>
          </dl>
          <p className="wallet-countdown" role="timer" aria-live="off">
            {t('exchange.expiresIn', { seconds: secondsLeft ?? 0 })}
          </p>
        </section>
      ) : null}
      {notice && (
        <p className="wallet-notice-text" role="status">
          {notice}
        </p>
      )}
      <FormAlert message={formError} />
      <div className="wallet-actions-column">
        {quote ? (
          <Button
            block
            color="primary"
            size="large"
            loading={exchange.isPending || quoteCall.isPending}
            disabled={exchange.isPending || quoteCall.isPending || secondsLeft === 0}
            onClick={confirm}
          >
            {t('exchange.confirm')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            loading={quoteCall.isPending}
            disabled={quoteCall.isPending}
            onClick={() => {
              setFormError(null);
              void handleSubmit((values) => fetchQuote(values.amount))();
            }}
          >
            {t('exchange.getQuote')}
          </Button>
        )}
      </div>
    </main>
  );
}
