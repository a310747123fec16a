import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { isApiError } from '@cardwallet/shared';
import { normaliseAccount, type LoginMpWxMobileResult } from '@cardwallet/shared/schemas';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { CheckboxField } from '../../../components/checkbox-field';
import { useRegisterData } from '../../accounts/api/get-register-data';
import { AccountFields } from '../../accounts/components/account-fields';
import { emptyAccountValues, type AccountFormValues } from '../../accounts/components/account-form';
import { composeAccount } from '../../accounts/components/account-compose';
import { VerificationCodeField } from '../../accounts/components/verification-code-field';
import { USER_AGREEMENT_PATH } from '../../register/components/register-form';
import { useLoginMpWxMobile } from '../api/login-mp-wx-mobile';
import { useWechatSendCode } from '../api/wechat-send-code';
import { AppLink } from '@cardwallet/shared/ui';

interface Values extends AccountFormValues {
  code: string;
  agree: boolean;
}

/**
 * The browser's second step: the mobile of the account to bind this WeChat to, proved by an SMS
 * code; a new mobile opens an account (with the agreement).
 */
export function WechatBindMobileForm({
  ticket,
  onSignedIn,
}: {
  ticket: string;
  onSignedIn: (result: LoginMpWxMobileResult) => void;
}) {
  const { t } = useTranslation('passport');
  const registerData = useRegisterData();
  const bind = useLoginMpWxMobile();
  const send = useWechatSendCode(ticket);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { ...emptyAccountValues(), method: 'mobile', code: '', agree: false },
  });

  const onSubmit = async (values: Values) => {
    setFormError(null);
    const mobile = normaliseAccount(composeAccount(values));
    if (!mobile) {
      form.setError('national', { type: 'required', message: 'validation.required' }, { shouldFocus: true });
      return;
    }
    if (!/^\d{6}$/.test(values.code)) {
      form.setError('code', { type: 'pattern', message: 'validation.code' }, { shouldFocus: true });
      return;
    }
    try {
      onSignedIn(await bind.mutateAsync({ ticket, mobile, code: values.code, agree: values.agree }));
    } catch (error) {
      if (isApiError(error) && ['code_invalid', 'code_expired', 'code_attempts_exceeded'].includes(error.key ?? ''))
        form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      else if (isApiError(error) && error.key === 'wechat_agreement_required')
        form.setError('agree', { type: 'server', message: error.message });
      else setFormError(apiErrorMessage(error, t));
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="adm-form passport-form"
        noValidate
        aria-label={t('wechat.bindFormLabel')}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <AccountFields
          countries={registerData.data?.countries ?? []}
          defaultCountry={registerData.data?.defaultCountry}
          purpose="register"
          mobileOnly
        />
        <List className="passport-list">
          <VerificationCodeField purpose="bind" send={send} />
        </List>
        <CheckboxField control={form.control} name="agree">
          {t('wechat.agreementPrefix')}{' '}
          <AppLink className="passport-link" href={USER_AGREEMENT_PATH}>
            {t('register.agreementLink')}
          </AppLink>
        </CheckboxField>
        <FormAlert message={formError} />
        <div className="adm-form-footer">
          <Button block type="submit" color="primary" size="large" loading={bind.isPending} disabled={bind.isPending}>
            {t('wechat.bindSubmit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
