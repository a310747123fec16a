import { useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Selector from 'antd-mobile/es/components/selector';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { CURRENCY_DEFINITIONS } from '@cardwallet/shared/schemas';
import { apiErrorMessage, FormAlert, TextField, FieldGroup } from '@cardwallet/shared/forms';
import { useCurrencyParams, walletPath } from '../../../lib/route-params';
import { EmptyState } from '../../../components/empty-state';
import { useAddAddress } from '../api/add-address';
import { addressFormSchema, type AddressFormValues } from '../components/address-schema';

/** Save an address for a currency and network; the remark is optional. */
export default function AddAddressPage() {
  const { t } = useTranslation('wallet');
  const { navigation, toast } = useHost();
  const { currency, network, chosen } = useCurrencyParams();
  const add = useAddAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => addressFormSchema(t, network), [t, network]);
  const { control, handleSubmit, setError } = useForm<AddressFormValues>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: { address: '', remark: '' },
  });

  if (!chosen) {
    // Spec §8: adding without a chosen currency tells the customer to go back and choose one.
    return (
      <main className="wallet-page">
        <EmptyState
          title={t('addresses.chooseFirstTitle')}
          description={t('errors.choose_currency_first', { ns: 'common' })}
          action={
            <Button
              color="primary"
              onClick={() => navigation.redirect(walletPath('select-currency', { next: 'add-address' }))}
            >
              {t('addresses.chooseCurrency')}
            </Button>
          }
        />
      </main>
    );
  }

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    add.mutate(
      { currency, network, address: values.address.trim(), remark: values.remark.trim() || undefined },
      {
        onSuccess: () => {
          toast.show(t('addresses.saved'), { icon: 'success' });
          navigation.back();
        },
        onError: (error) => {
          const message = apiErrorMessage(error, t);
          if (isApiError(error) && error.key === 'address_invalid')
            return setError('address', { type: 'server', message }, { shouldFocus: true });
          setFormError(message);
        },
      },
    );
  });

  return (
    <main className="wallet-page">
      <p className="wallet-intro">{t('addresses.addIntro', { currency })}</p>
      <section className="cw-card" aria-labelledby="address-network">
        <h2 id="address-network" className="wallet-card-title">
          {t('recharge.network')}
        </h2>
        <Selector
          columns={CURRENCY_DEFINITIONS[currency].networks.length}
          options={CURRENCY_DEFINITIONS[currency].networks.map((n) => ({ label: n, value: n }))}
          value={[network]}
          onChange={(v) => {
            if (v[0] && v[0] !== network) navigation.redirect(walletPath('add-address', { currency, network: v[0] }));
          }}
        />
      </section>
      <FieldGroup
        className="wallet-form"
        onSubmit={() => void onSubmit()}
        footer={
          <Button block type="submit" color="primary" size="large" loading={add.isPending} disabled={add.isPending}>
            {t('addresses.save')}
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
          label={t('addresses.address')}
          placeholder={t('withdraw.addressPlaceholder', { network })}
          required
          ltr
        />
        <TextField
          namespace="wallet"
          layout="plain"
          translateErrors={false}
          autoComplete="off"
          control={control}
          name="remark"
          label={t('addresses.remark')}
          placeholder={t('addresses.remarkPlaceholder')}
          maxLength={40}
        />
      </FieldGroup>
      <FormAlert message={formError} />
    </main>
  );
}
