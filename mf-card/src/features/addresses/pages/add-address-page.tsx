import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { beginLocationChoice, placeToShippingAddress, takeLocationChoice } from '@cardwallet/shared/location-choice';
import { shippingAddressFields, type ShippingAddressInput } from '@cardwallet/shared/schemas';
import { apiErrorMessage, applyServerFieldErrors, FormAlert, TextField, FieldGroup } from '@cardwallet/shared/forms';
import { useQueryParam } from '../../../lib/use-query-param';
import { useAddressChoice } from '../address-choice';
import { useAddresses } from '../api/get-addresses';
import { useSaveAddress } from '../api/save-address';

const FIELDS = ['receiver', 'mobile', 'country', 'province', 'city', 'area', 'detail', 'postalCode'] as const;
const EMPTY: ShippingAddressInput = {
  receiver: '',
  mobile: '',
  country: '',
  province: '',
  city: '',
  area: '',
  detail: '',
  postalCode: '',
};

/** Add or edit (`?id=`) a shipping address: every field of spec §3 required, mobile checked in E.164. */
export default function AddAddressPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  const id = useQueryParam('id');
  const addresses = useAddresses();
  const save = useSaveAddress();
  const choose = useAddressChoice((s) => s.choose);
  const [failure, setFailure] = useState<string | null>(null);
  // Back from choose-location (docs/places.md "Return contract"): the unsaved values, and the place.
  const locationKey = useQueryParam('location');
  const [returned] = useState(() => takeLocationChoice<ShippingAddressInput>(locationKey));
  const form = useForm<ShippingAddressInput>({
    mode: 'onTouched',
    resolver: zodResolver(shippingAddressFields),
    defaultValues: returned
      ? { ...EMPTY, ...returned.draft, ...(returned.place ? placeToShippingAddress(returned.place) : {}) }
      : EMPTY,
  });
  const editing = id ? addresses.data?.find((a) => a.id === id) : undefined;
  useEffect(() => {
    if (editing && !returned) form.reset({ ...editing });
  }, [editing, form, returned]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(id ? { ...values, id } : values);
      if (!id) choose(saved.id);
      host.navigation.back();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, FIELDS)) return;
      setFailure(apiErrorMessage(error, t));
    }
  });

  return (
    <main className="card-page">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t(id ? 'address.editTitle' : 'address.addTitle')}>
        <FieldGroup className="card-form">
          <TextField
            namespace="card"
            control={form.control}
            name="receiver"
            label={t('address.receiver')}
            autoComplete="name"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="mobile"
            label={t('address.mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+447911123456"
            required
          />
          <div className="card-map-choice">
            <Button
              type="button"
              size="small"
              color="primary"
              fill="outline"
              onClick={() => host.navigation.navigate(beginLocationChoice(form.getValues()))}
            >
              {t('address.chooseOnMap')}
            </Button>
            {returned?.place ? (
              <p role="status" className="card-map-choice-note">
                {t('address.filledFromMap')}
              </p>
            ) : null}
          </div>
          <TextField
            namespace="card"
            control={form.control}
            name="country"
            label={t('address.country')}
            autoComplete="country-name"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="province"
            label={t('address.province')}
            autoComplete="address-level1"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="city"
            label={t('address.city')}
            autoComplete="address-level2"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="area"
            label={t('address.area')}
            autoComplete="address-level3"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="detail"
            label={t('address.detail')}
            autoComplete="street-address"
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="postalCode"
            label={t('address.postalCode')}
            autoComplete="postal-code"
            required
          />
        </FieldGroup>
        <FormAlert message={failure} />
        <div className="card-actions">
          <Button type="submit" color="primary" block loading={save.isPending} disabled={save.isPending}>
            {t('address.save')}
          </Button>
        </div>
      </form>
    </main>
  );
}
