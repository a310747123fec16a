import { useState } from 'react';
import { List } from 'antd-mobile';
import { isApiError, useHost } from '@cardwallet/shared';
import { registerBody } from '@cardwallet/shared/schemas';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from '@cardwallet/shared/zod';
import { apiErrorMessage, applyServerFieldErrors, FormSubmit, TextField } from '@cardwallet/shared/forms';
import { CheckboxField } from '../../../components/checkbox-field';
import { useRegisterData } from '../../accounts/api/get-register-data';
import { AccountFields } from '../../accounts/components/account-fields';
import {
  accountFieldName,
  accountResolver,
  emptyAccountValues,
  type AccountFormValues,
} from '../../accounts/components/account-form';
import { VerificationCodeField } from '../../accounts/components/verification-code-field';
import { useRegister } from '../api/register';
import { NewPasswordFields } from '../../accounts/components/new-password-fields';
import { AppLink } from '@cardwallet/shared/ui';

export interface RegisterFormValues extends AccountFormValues {
  code: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
  refereeId: string;
}

type RegisterOutput = z.output<typeof registerBody>;

const resolver = accountResolver<RegisterFormValues, typeof registerBody>(
  () => Promise.resolve(registerBody),
  (values, account) => ({
    account,
    code: values.code,
    password: values.password,
    confirmPassword: values.confirmPassword,
    agreement: values.agreement as true,
    refereeId: values.refereeId,
  }),
  { passwordPair: true },
);

const FORM_FIELDS = ['email', 'national', 'code', 'password', 'confirmPassword', 'agreement', 'refereeId'] as const;
export const REGISTER_SUCCESS_PATH = '/pages/passport/register-success';
export const USER_AGREEMENT_PATH = '/pages/index/user_agreement';

export function RegisterForm({ refereeId }: { refereeId: string }) {
  const { t } = useTranslation('passport');
  const host = useHost();
  const registerData = useRegisterData();
  const registerAccount = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues, unknown, RegisterOutput>({
    mode: 'onTouched',
    resolver,
    defaultValues: {
      ...emptyAccountValues(),
      code: '',
      password: '',
      confirmPassword: '',
      agreement: false,
      refereeId,
    },
  });
  const renameAccount = (field: string) => (field === 'account' ? accountFieldName(form.getValues()) : field);

  const onSendCodeError = (message: string, error?: unknown) => {
    const onAccount = isApiError(error) && (error.key === 'account_exists' || error.fields?.account);
    form.setError(onAccount ? accountFieldName(form.getValues()) : 'code', { type: 'server', message });
  };

  const onValid = async (body: RegisterOutput) => {
    setFormError(null);
    try {
      // The code proved the e-mail or mobile, so the new customer is signed in straight away.
      host.session.signIn(await registerAccount.mutateAsync(body));
      host.navigation.redirect(REGISTER_SUCCESS_PATH);
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, FORM_FIELDS, renameAccount);
      if (isApiError(error) && error.key === 'account_exists') {
        form.setError(
          accountFieldName(form.getValues()),
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else if (isApiError(error) && error.key === 'referee_not_found') {
        form.setError('refereeId', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (
        isApiError(error) &&
        (error.key === 'code_invalid' || error.key === 'code_expired' || error.key === 'code_attempts_exceeded')
      ) {
        form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!placed) {
        setFormError(apiErrorMessage(error, t));
      }
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="adm-form passport-form"
        noValidate
        aria-label={t('register.formLabel')}
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <AccountFields
          countries={registerData.data?.countries ?? []}
          defaultCountry={registerData.data?.defaultCountry}
          purpose="register"
        />
        <List className="passport-list">
          <VerificationCodeField purpose="register" onSendError={onSendCodeError} />
          <NewPasswordFields control={form.control} passwordLabel={t('fields.password')} />
          <TextField
            namespace="passport"
            control={form.control}
            name="refereeId"
            label={t('fields.invitationCode')}
            autoComplete="off"
            placeholder={t('placeholders.invitationCode')}
          />
        </List>
        <CheckboxField control={form.control} name="agreement">
          {t('register.agreementPrefix')}{' '}
          <AppLink className="passport-link" href={USER_AGREEMENT_PATH}>
            {t('register.agreementLink')}
          </AppLink>
        </CheckboxField>
        <FormSubmit pending={registerAccount.isPending} message={formError}>
          {t('register.submit')}
        </FormSubmit>
      </form>
    </FormProvider>
  );
}
