import { useState } from 'react';
import { List } from 'antd-mobile';
import { useHost, type HostServices } from '@cardwallet/shared';
import type { SessionResult, loginBody } from '@cardwallet/shared/schemas';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from '@cardwallet/shared/zod';
import { apiErrorMessage, applyServerFieldErrors, FormSubmit, PasswordField } from '@cardwallet/shared/forms';
import { safeRedirectPath } from '@cardwallet/shared/safe-redirect';
import { useRegisterData } from '../../accounts/api/get-register-data';
import { AccountFields } from '../../accounts/components/account-fields';
import {
  accountFieldName,
  accountResolver,
  emptyAccountValues,
  type AccountFormValues,
} from '../../accounts/components/account-form';
import { useLogin } from '../api/login';
import { loadSchemas, warmSchemas } from '../../../lib/lazy-schemas';

export interface LoginFormValues extends AccountFormValues {
  password: string;
}

const resolver = accountResolver<LoginFormValues, typeof loginBody>(
  async () => (await loadSchemas()).loginBody,
  (values, account) => ({
    account,
    password: values.password,
  }),
);

export const HOME_PATH = '/pages/index/index';

/** Back to the page that asked for a login (spec §6), else home with a fresh history. */
export function leaveLogin(host: HostServices): void {
  const returnTo = safeRedirectPath(host.session.takeReturnTo());
  if (returnTo) host.navigation.redirect(returnTo);
  else host.navigation.relaunch(HOME_PATH);
}

/** `onSignedIn` decides where a password sign-in goes next (the login page may offer a passkey first). */
export function LoginForm({ onSignedIn }: { onSignedIn?: (session: SessionResult) => Promise<void> } = {}) {
  const { t } = useTranslation('passport');
  const host = useHost();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginFormValues, unknown, z.output<typeof loginBody>>({
    mode: 'onTouched',
    resolver,
    defaultValues: { ...emptyAccountValues(), password: '' },
  });
  // The countries (dial codes) only serve the mobile tab: asked for when it is chosen, not on every
  // visit of the login page (their answer is checked with zod: lib/lazy-schemas.ts).
  const mobile = useWatch({ control: form.control, name: 'method' }) === 'mobile';
  const registerData = useRegisterData(mobile);

  const onValid = async (body: z.output<typeof loginBody>) => {
    setFormError(null);
    try {
      const session = await login.mutateAsync(body);
      host.session.signIn(session);
      if (onSignedIn) await onSignedIn(session);
      else leaveLogin(host);
    } catch (error) {
      const values = form.getValues();
      const placed = applyServerFieldErrors(error, form.setError, ['email', 'national', 'password'], (f) =>
        f === 'account' ? accountFieldName(values) : f,
      );
      if (!placed) setFormError(apiErrorMessage(error, t));
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="adm-form passport-form"
        noValidate
        aria-label={t('login.formLabel')}
        // The first touch of the form fetches what its validation needs, before the submit does.
        onFocus={warmSchemas}
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <AccountFields
          countries={registerData.data?.countries ?? []}
          defaultCountry={registerData.data?.defaultCountry}
          purpose="login"
        />
        <List className="passport-list">
          <PasswordField
            namespace="passport"
            control={form.control}
            name="password"
            label={t('fields.password')}
            autoComplete="current-password"
            placeholder={t('placeholders.password')}
            required
          />
        </List>
        <FormSubmit pending={login.isPending || form.formState.isSubmitting} message={formError}>
          {t('login.submit')}
        </FormSubmit>
      </form>
    </FormProvider>
  );
}
