import { useState } from 'react';
import { List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, type ChangePasswordBody } from '@cardwallet/shared/schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { apiErrorMessage, applyServerFieldErrors, FormSubmit, PasswordField } from '@cardwallet/shared/forms';
import { useChangePassword } from '../api/change-password';

/** Change the login password (user/changePassword): old one, new one twice; other sessions end. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordBody>({
    mode: 'onTouched',
    resolver: zodResolver(changePasswordBody),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const onValid = async (values: ChangePasswordBody) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      host.toast.show(t('password.done'), { icon: 'success' });
      host.navigation.redirect('/pages/user/settings');
    } catch (error) {
      const message = apiErrorMessage(error, t);
      if (isApiError(error) && error.key === 'invalid_credentials')
        form.setError('oldPassword', { type: 'server', message }, { shouldFocus: true });
      else if (isApiError(error) && error.key === 'password_same_as_old')
        form.setError('password', { type: 'server', message }, { shouldFocus: true });
      else if (!applyServerFieldErrors(error, form.setError, ['oldPassword', 'password', 'confirmPassword']))
        setFormError(message);
    }
  };
  return (
    <main className="user-page">
      <form
        className="adm-form"
        noValidate
        aria-label={t('password.formLabel')}
        onSubmit={(e) => void form.handleSubmit(onValid)(e)}
      >
        <List>
          <PasswordField
            namespace="user"
            keyPrefix="common"
            control={form.control}
            name="oldPassword"
            label={t('password.old')}
            autoComplete="current-password"
            required
          />
          <PasswordField
            namespace="user"
            keyPrefix="common"
            control={form.control}
            name="password"
            label={t('password.new')}
            autoComplete="new-password"
            placeholder={t('password.rule')}
            required
          />
          <PasswordField
            namespace="user"
            keyPrefix="common"
            control={form.control}
            name="confirmPassword"
            label={t('password.confirm')}
            autoComplete="new-password"
            required
          />
        </List>
        <p className="user-hint">{t('password.othersSignedOut')}</p>
        <FormSubmit pending={change.isPending} message={formError} className="user-actions">
          {t('password.submit')}
        </FormSubmit>
      </form>
    </main>
  );
}
