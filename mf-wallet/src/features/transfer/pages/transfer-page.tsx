import { useEffect, useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import Selector from 'antd-mobile/es/components/selector';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import type { TransferRecord } from '@cardwallet/shared/schemas';
import { AmountField, apiErrorMessage, FormAlert, FieldGroup } from '@cardwallet/shared/forms';
import { maximumAmount } from '@cardwallet/shared/money';
import { useMoney } from '../../../lib/format';
import { useIntentKey } from '../../../lib/idempotency';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { useTransferInfo } from '../api/get-transfer-info';
import { useTransfer } from '../api/transfer';
import { TRANSFER_SCALE, transferFormSchema, type TransferFormValues } from '../components/transfer-schema';

type Source = 'USDT' | 'USDC' | 'USD';
const KYC_PATH = `/pages/user/kyc?redirect=${encodeURIComponent('/pages/wallet/transfer')}`;

/** Wallet → card-funding account (card deposit), 1:1 in USD from USDT, USDC or USD; KYC 1 required. */
export default function TransferPage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const info = useTransferInfo();
  const transfer = useTransfer();
  const intent = useIntentKey();
  const [source, setSource] = useState<Source>('USDT');
  const [formError, setFormError] = useState<string | null>(null);
  const [kycRefused, setKycRefused] = useState(false);
  const [done, setDone] = useState<TransferRecord | null>(null);

  const available = info.data?.sources.find((s) => s.currency === source)?.available ?? '0';
  const limits = useMemo(
    () => ({
      minimum: info.data?.minimumUsd ?? '50',
      maximum: info.data?.maximumUsd ?? '10000',
      available,
    }),
    [info.data, available],
  );
  const schema = useMemo(() => transferFormSchema(t, fmt.locale, limits), [t, fmt.locale, limits]);
  const { control, handleSubmit, setError, watch, trigger } = useForm<TransferFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = watch('amount');
  useEffect(() => intent.reset(), [amount, source, intent]);
  useEffect(() => {
    if (amount) void trigger('amount');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [limits, fmt.locale]);

  if (done)
    return (
      <main className="wallet-page">
        <Result
          status="success"
          title={t('transfer.doneTitle')}
          description={t('transfer.doneBody', { amount: fmt.usd(done.usdAmount), currency: done.currency })}
        />
        <div className="wallet-actions-column">
          <Button block color="primary" onClick={() => navigation.navigate('/pages/card/index')}>
            {t('transfer.toCards')}
          </Button>
          <Button block fill="none" onClick={() => navigation.back()}>
            {t('common.done')}
          </Button>
        </div>
      </main>
    );
  if (info.isPending) return <PageSkeleton rows={6} />;
  if (info.isError) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  const gated = !info.data.kycLevel1 || kycRefused;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    transfer.mutate(
      // values.amount is the canonical figure shown under the field (the schema's reading).
      { body: { currency: source, amount: values.amount }, idempotencyKey: intent.current() },
      {
        onSuccess: (record) => {
          intent.reset();
          setDone(record);
        },
        onError: (error) => {
          const key = isApiError(error) ? error.key : undefined;
          const message = apiErrorMessage(error, t);
          if (key === 'kyc1_required') return setKycRefused(true);
          if (key === 'transfer_below_minimum' || key === 'transfer_above_maximum' || key === 'insufficient_balance')
            return setError('amount', { type: 'server', message }, { shouldFocus: true });
          setFormError(message);
        },
      },
    );
  });

  return (
    <main className="wallet-page">
      <section className="wallet-hero" aria-labelledby="transfer-card-balance">
        <h2 id="transfer-card-balance" className="wallet-hero-label">
          {t('transfer.cardFunding')}
        </h2>
        <p className="wallet-hero-amount">
          <span className="cw-ltr">{fmt.usd(info.data.cardFunding)}</span>
        </p>
        <p className="wallet-hero-sub">{t('transfer.explain')}</p>
      </section>
      {gated && (
        <div className="wallet-notice" role="alert">
          <p>{t('transfer.kycRequired')}</p>
          <Button color="primary" onClick={() => navigation.navigate(KYC_PATH)}>
            {t('transfer.verify')}
          </Button>
        </div>
      )}
      <section className="cw-card" aria-labelledby="transfer-source">
        <h2 id="transfer-source" className="wallet-card-title">
          {t('transfer.source')}
        </h2>
        <Selector
          columns={3}
          options={info.data.sources.map((s) => ({
            label: s.currency,
            value: s.currency as Source,
            description: fmt.amount(s.available, s.currency),
          }))}
          value={[source]}
          onChange={(v) => v[0] && setSource(v[0])}
        />
      </section>
      <FieldGroup className="wallet-form">
        <AmountField
          classPrefix="wallet"
          control={control}
          name="amount"
          label={t('transfer.amount')}
          currency="USD"
          scale={TRANSFER_SCALE}
          limits={limits}
          fill={{ amount: maximumAmount(available, TRANSFER_SCALE, { maximum: limits.maximum }), label: 'all' }}
          required
          placeholder={t('transfer.limits', { min: fmt.usd(limits.minimum), max: fmt.usd(limits.maximum) })}
          hint={t('withdraw.available', { amount: fmt.moneyInText(available, source) })}
        />
      </FieldGroup>
      <FormAlert message={formError} />
      <div className="wallet-actions-column">
        <Button
          block
          color="primary"
          size="large"
          loading={transfer.isPending}
          disabled={transfer.isPending || gated}
          onClick={() => void onSubmit()}
        >
          {t('transfer.submit')}
        </Button>
      </div>
    </main>
  );
}
