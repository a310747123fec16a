import { useState } from 'react';
import { List } from 'antd-mobile';
import { isApiError } from '@cardwallet/shared';
import { codeCheckBody } from '@cardwallet/shared/schemas';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from '@cardwallet/shared/zod';
import { apiErrorMessage, applyServerFieldErrors, FormSubmit } from '@cardwallet/shared/forms';
import { useRegisterData } from '../../accounts/api/get-register-data';
import { AccountFields } from '../../accounts/components/account-fields';
import {
  accountFieldName,
  accountResolver,
  emptyAccountValues,
  type AccountFormValues,
} from '../../accounts/components/account-form';
import { VerificationCodeField } from '../../accounts/components/verification-code-field';
import { useCheckCode } from '../api/check-code';

export interface VerifyFormValues extends AccountFormValues {
  code: string;
}

const resolver = accountResolver<VerifyFormValues, typeof codeCheckBody>(
  () => Promise.resolve(codeCheckBody),
  (values, account) => ({
    account,
    purpose: 'reset_password',
    code: values.code,
  }),
);

/** Step 1: prove control of the e-mail or mobile; yields the reset ticket. */
export function VerifyStep({ notice, onVerified }: { notice: string | null; onVerified: (ticket: string) => void }) {
  const { t } = useTranslation('passport');
  const registerData = useRegisterData();
  const checkCode = useCheckCode();
  const [formError, setFormError] = useState<string | null>(notice);
  const form = useForm<VerifyFormValues, unknown, z.output<typeof codeCheckBody>>({
    mode: 'onTouched',
    resolver,
    defaultValues: { ...emptyAccountValues(), code: '' },
  });
  const renameAccount = (field: string) => (field === 'account' ? accountFieldName(form.getValues()) : field);

  const onValid = async (body: z.output<typeof codeCheckBody>) => {
    setFormError(null);
    try {
      const result = await checkCode.mutateAsync(body);
      if (!result.ticket) throw new Error('cacheCodeCheck answered without a reset ticket');
      onVerified(result.ticket);
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, ['email', 'national', 'code'], renameAccount);
      if (isApiError(error) && error.key?.startsWith('code_')) {
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
        aria-label={t('reset.steps.verification')}
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <AccountFields
          countries={registerData.data?.countries ?? []}
          defaultCountry={registerData.data?.defaultCountry}
          purpose="reset"
        />
        <List className="passport-list">
          <VerificationCodeField purpose="reset_password" />
        </List>
        <FormSubmit pending={checkCode.isPending} message={formError}>
          {t('reset.next')}
        </FormSubmit>
      </form>
    </FormProvider>
  );
}
