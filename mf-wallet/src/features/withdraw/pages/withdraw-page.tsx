import { useEffect, useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Result from 'antd-mobile/es/components/result';
import Selector from 'antd-mobile/es/components/selector';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { CURRENCY_DEFINITIONS, type WithdrawalRecord } from '@cardwallet/shared/schemas';
import {
  AmountField,
  apiErrorMessage,
  FormAlert,
  PasskeyProofButton,
  type PasskeyProof,
  passkeyProof,
  TextField,
  usePasskeyOffered,
  FieldGroup,
} from '@cardwallet/shared/forms';
import { maximumAmount, readAmount } from '@cardwallet/shared/money';
import { useCurrencyParams, walletPath } from '../../../lib/route-params';
import { plus } from '../../../lib/amount';
import { useMoney } from '../../../lib/format';
import { useIntentKey } from '../../../lib/idempotency';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { useWithdrawFee } from '../api/get-withdraw-fee';
import { usePayPasswordStatus } from '../api/get-pay-password-status';
import { useWithdraw } from '../api/withdraw';
import { draftFor, useWithdrawDraft } from '../components/withdraw-draft';
import { withdrawFormSchema, type WithdrawFormValues } from '../components/withdraw-schema';
import { PayPasswordSheet } from '../components/pay-password-sheet';

const PAYPASS_ERRORS = new Set(['paypass_wrong', 'paypass_locked']);
const PASSKEY_CLASS_NAMES = {
  root: 'wallet-passkey-proof',
  alert: 'wallet-error-text',
  hint: 'wallet-muted wallet-passkey-or',
};

/** Withdraw to an address: checked as typed, fee and amount received shown, confirmed with a passkey (when the customer has one) or the transaction password. */
export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  const { navigation, http } = useHost();
  const fmt = useMoney();
  const { currency, network } = useCurrencyParams();
  const fee = useWithdrawFee(currency, network);
  const paypass = usePayPasswordStatus();
  const withdraw = useWithdraw();
  const passkeyOffered = usePasskeyOffered();
  const intent = useIntentKey();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<WithdrawalRecord | null>(null);
  /** The form as the schema read it (the canonical amount), kept while the confirmation is open. */
  const [confirmed, setConfirmed] = useState<WithdrawFormValues | null>(null);
  const scale = CURRENCY_DEFINITIONS[currency].scale;

  const limits = useMemo(
    () => ({
      currency,
      network,
      minimum: fee.data?.minimum ?? CURRENCY_DEFINITIONS[currency].withdrawMinimum,
      fee: fee.data?.fee ?? '0',
      available: fee.data?.available ?? '0',
    }),
    [currency, network, fee.data],
  );
  const schema = useMemo(() => withdrawFormSchema(t, fmt.locale, limits), [t, fmt.locale, limits]);
  const form = useForm<WithdrawFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: draftFor(currency, network),
  });
  const { control, handleSubmit, setValue, setError, watch, trigger } = form;
  const values = watch();
  // The figure the field shows under itself: what the summary names and what is sent.
  const read = readAmount(values.amount ?? '', fmt.locale, { scale });
  const amount = read.kind === 'ok' && read.value !== '0' ? read.value : null;

  // A changed form is a new intent (new idempotency key); the draft survives the address book trip.
  useEffect(() => {
    intent.reset();
    useWithdrawDraft.getState().save({ currency, network, address: values.address ?? '', amount: values.amount ?? '' });
  }, [values.address, values.amount, currency, network, intent]);
  // Limits arrive after the first render: check what was restored from the draft against them.
  useEffect(() => {
    if (fee.data && (values.address || values.amount)) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fee.data]);

  if (done) {
    return (
      <main className="wallet-page">
        <Result
          status="waiting"
          title={t('withdraw.pendingTitle')}
          description={t('withdraw.pendingBody', {
            amount: fmt.money(done.amount, done.currency),
            network: done.network,
          })}
        />
        <div className="wallet-actions-column">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigation.redirect('/pages/wallet/secured-account')}
          >
            {t('withdraw.viewSecured')}
          </Button>
          <Button block fill="none" onClick={() => navigation.back()}>
            {t('common.done')}
          </Button>
        </div>
      </main>
    );
  }
  if (fee.isPending || paypass.isPending) return <PageSkeleton rows={6} />;
  if (fee.isError) return <LoadError error={fee.error} onRetry={() => void fee.refetch()} />;
  if (paypass.isError) return <LoadError error={paypass.error} onRetry={() => void paypass.refetch()} />;

  const here = walletPath('withdraw', { currency, network });
  const setPaypassPath = `/pages/user/paypass?redirect=${encodeURIComponent(here)}`;
  const total = amount ? plus(amount, limits.fee) : null;

  const canConfirm = paypass.data.isSet || passkeyOffered;
  const submit = (proof: { payPassword: string } | { passkey: PasskeyProof }) => {
    if (!confirmed) return Promise.resolve();
    setSheetError(null);
    // A passkey refusal is shown under its button (it throws); a password refusal under the cells.
    return withdraw.mutateAsync(
      {
        body: { currency, network, address: confirmed.address, amount: confirmed.amount, ...proof },
        idempotencyKey: intent.current(),
      },
      {
        onSuccess: (record) => {
          intent.reset();
          useWithdrawDraft.getState().clear();
          setSheetOpen(false);
          setDone(record);
        },
        onError: (error) => {
          const key = isApiError(error) ? error.key : undefined;
          if (key && PAYPASS_ERRORS.has(key)) return setSheetError(apiErrorMessage(error, t));
          if (key === 'address_invalid') {
            setSheetOpen(false);
            return setError('address', { type: 'server', message: apiErrorMessage(error, t) }, { shouldFocus: true });
          }
          if (key === 'insufficient_balance' || key === 'withdraw_below_minimum') {
            setSheetOpen(false);
            return setError('amount', { type: 'server', message: apiErrorMessage(error, t) }, { shouldFocus: true });
          }
          if (key?.startsWith('passkey_')) return;
          setSheetOpen(false);
          if (key === 'paypass_not_set') void paypass.refetch();
          setFormError(apiErrorMessage(error, t));
        },
      },
    );
  };

  return (
    <main className="wallet-page">
      <List>
        <List.Item
          onClick={() => navigation.redirect(walletPath('select-currency', { next: 'withdraw' }))}
          extra={t('common.change')}
        >
          {t('recharge.currency')}: <strong>{currency}</strong>
        </List.Item>
      </List>
      <section className="cw-card" aria-labelledby="withdraw-network">
        <h2 id="withdraw-network" className="wallet-card-title">
          {t('recharge.network')}
        </h2>
        <Selector
          columns={CURRENCY_DEFINITIONS[currency].networks.length}
          options={CURRENCY_DEFINITIONS[currency].networks.map((n) => ({ label: n, value: n }))}
          value={[network]}
          onChange={(v) => {
            if (v[0] && v[0] !== network) navigation.redirect(walletPath('withdraw', { currency, network: v[0] }));
          }}
        />
      </section>
      <FieldGroup
        className="wallet-form"
        onSubmit={() => {
          setFormError(null);
          void handleSubmit((read) => {
            setConfirmed(read);
            setSheetOpen(true);
          })();
        }}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={withdraw.isPending}
            disabled={withdraw.isPending}
          >
            {t('withdraw.submit')}
          </Button>
        }
      >
        <TextField
          namespace="wallet"
          layout="plain"
          translateErrors={false}
          autoComplete="off"
          control={control}
          name="address"
          label={t('withdraw.address')}
          placeholder={t('withdraw.addressPlaceholder', { network })}
          required
          ltr
          extra={
            <div className="wallet-field-buttons">
              <button
                type="button"
                className="wallet-text-button"
                onClick={async () => {
                  try {
                    const text = await navigator.clipboard.readText();
                    setValue('address', text.trim(), { shouldValidate: true, shouldDirty: true });
                  } catch {
                    setFormError(t('withdraw.pasteFailed'));
                  }
                }}
              >
                {t('withdraw.paste')}
              </button>
              <button
                type="button"
                className="cw-icon-button"
                aria-label={t('withdraw.addressBook')}
                onClick={() => navigation.navigate(walletPath('select-address', { currency, network, pick: '1' }))}
              >
                <UnorderedListOutline aria-hidden />
              </button>
            </div>
          }
        />
        <AmountField
          classPrefix="wallet"
          control={control}
          name="amount"
          label={t('withdraw.amount', { currency })}
          currency={currency}
          limits={{ minimum: limits.minimum, available: limits.available, fees: [limits.fee] }}
          // available − fee at the currency's full scale: nothing is left behind that could never leave.
          fill={{ amount: maximumAmount(limits.available, scale, { fees: [limits.fee] }), label: 'all' }}
          placeholder={t('withdraw.amountPlaceholder', { min: fmt.amount(limits.minimum, currency) })}
          required
          hint={t('withdraw.available', { amount: fmt.moneyInText(limits.available, currency) })}
        />
      </FieldGroup>
      <dl className="wallet-summary" aria-label={t('withdraw.summary')}>
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd className="cw-ltr">{fmt.money(limits.fee, currency)}</dd>
        </div>
        <div>
          <dt>{t('withdraw.received')}</dt>
          <dd className="cw-ltr">{amount ? fmt.exact(amount, currency) : '--'}</dd>
        </div>
        <div>
          <dt>{t('withdraw.total')}</dt>
          <dd className="cw-ltr">{total ? fmt.exact(total, currency) : '--'}</dd>
        </div>
      </dl>
      <FormAlert message={formError} />
      {!paypass.data.isSet && (
        <div className="wallet-notice" role="note">
          <p>{t('withdraw.paypassMissing')}</p>
          <Button color="primary" fill="outline" onClick={() => navigation.navigate(setPaypassPath)}>
            {t('withdraw.setPaypass')}
          </Button>
        </div>
      )}
      <p className="wallet-muted wallet-fine-print">{t('withdraw.reviewNote')}</p>
      <PayPasswordSheet
        visible={sheetOpen && canConfirm}
        passwordSet={paypass.data.isSet}
        passkey={
          passkeyOffered ? (
            <PasskeyProofButton
              ns="wallet"
              classNames={PASSKEY_CLASS_NAMES}
              confirm={async () => submit({ passkey: await passkeyProof(http) })}
            />
          ) : null
        }
        submitting={withdraw.isPending}
        error={sheetError}
        summary={
          <>
            <span className="cw-ltr">{confirmed ? fmt.exact(confirmed.amount, currency) : ''}</span>
            <span className="wallet-muted"> · {t('withdraw.feeShort', { fee: fmt.money(limits.fee, currency) })}</span>
          </>
        }
        onSubmit={(password) => void submit({ payPassword: password }).catch(() => undefined)}
        onClose={() => {
          setSheetOpen(false);
          setSheetError(null);
        }}
        onForgot={() => navigation.navigate(setPaypassPath)}
      />
      {sheetOpen && !canConfirm && (
        <SetPaypassPrompt onSet={() => navigation.navigate(setPaypassPath)} onClose={() => setSheetOpen(false)} />
      )}
    </main>
  );
}

function SetPaypassPrompt({ onSet, onClose }: { onSet: () => void; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-notice" role="alertdialog" aria-labelledby="paypass-missing-title">
      <h2 id="paypass-missing-title" className="wallet-card-title">
        {t('withdraw.paypassMissing')}
      </h2>
      <div className="wallet-sheet-actions">
        <Button color="primary" onClick={onSet}>
          {t('withdraw.setPaypass')}
        </Button>
        <Button fill="none" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
