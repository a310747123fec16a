import { useState } from 'react';
import { List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { bindCouponBody, type BindCouponBody } from '@cardwallet/shared/schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { apiErrorMessage, FormSubmit, TextField } from '@cardwallet/shared/forms';
import { useBindCoupon } from '../api/bind-coupon';

const FIELD_KEYS = new Set([
  'coupon_not_found',
  'coupon_expired',
  'coupon_already_bound',
  'coupon_bound_by_other',
  'invalid_params',
]);

/** Bind a coupon code (spec §5: code required); every refusal shows on the code field. */
export default function CouponBindingPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BindCouponBody>({
    mode: 'onTouched',
    resolver: zodResolver(bindCouponBody),
    defaultValues: { code: '' },
  });
  const bindCoupon = useBindCoupon();
  const onValid = async (values: BindCouponBody) => {
    setFormError(null);
    try {
      await bindCoupon.mutateAsync(values);
      host.toast.show(t('coupons.bound'), { icon: 'success' });
      host.navigation.redirect('/pages/user/coupon-list');
    } catch (error) {
      const message = apiErrorMessage(error, t);
      if (isApiError(error) && error.key && FIELD_KEYS.has(error.key)) {
        form.setError('code', { type: 'server', message: error.fields?.code ?? message }, { shouldFocus: true });
      } else setFormError(message);
    }
  };
  return (
    <main className="user-page">
      <p className="user-hint">{t('coupons.bindIntro')}</p>
      <form
        className="adm-form"
        noValidate
        aria-label={t('coupons.bindTitle')}
        onSubmit={(e) => void form.handleSubmit(onValid)(e)}
      >
        <List>
          <TextField
            namespace="user"
            keyPrefix="common"
            control={form.control}
            name="code"
            label={t('coupons.code')}
            autoComplete="off"
            placeholder={t('coupons.codePlaceholder')}
            maxLength={40}
            required
          />
        </List>
        <FormSubmit pending={bindCoupon.isPending} message={formError} className="user-actions">
          {t('coupons.bindSubmit')}
        </FormSubmit>
      </form>
    </main>
  );
}
