import { Button, List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { codeSchema, emailSchema, mobileSchema, normaliseAccount } from '@cardwallet/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '@cardwallet/shared/zod';
import { isApiError } from '@cardwallet/shared';
import type { UserProfile } from '@cardwallet/shared/schemas';
import { apiErrorMessage, applyServerFieldErrors, FormAlert, TextField } from '@cardwallet/shared/forms';
import { useSubmitBind } from '../../account/api/submit-bind';
import { CodeField } from '../../account/components/code-field';

const schemas = {
  email: z.object({ account: emailSchema, code: codeSchema }),
  mobile: z.object({ account: mobileSchema, code: codeSchema }),
};
type Values = { account: string; code: string };

export interface BindFormProps {
  type: 'email' | 'mobile';
  /** Re-authentication ticket when this replaces an existing binding (user/verifyIdentity). */
  ticket?: string;
  onBound: (profile: UserProfile) => void;
  /** The ticket was refused (expired, used): the caller asks the customer to verify again. */
  onReauthNeeded?: (message: string) => void;
}

/**
 * New e-mail or mobile + a 'bind' code sent to it (60 s countdown), then user/sumbitBind.
 * "Already used by another account" shows on the account field.
 */
export function BindForm({ type, ticket, onBound, onReauthNeeded }: BindFormProps) {
  const { t } = useTranslation('user');
  const bind = useSubmitBind();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schemas[type]),
    defaultValues: { account: '', code: '' },
  });

  const getAccount = async () => ((await form.trigger('account')) ? normaliseAccount(form.getValues('account')) : null);

  const onValid = async (values: Values) => {
    setFormError(null);
    try {
      const account = normaliseAccount(values.account);
      const profile = await bind.mutateAsync(
        type === 'email'
          ? { type, account, code: values.code, ...(ticket ? { ticket } : {}) }
          : { type, account, code: values.code, ...(ticket ? { ticket } : {}) },
      );
      onBound(profile);
    } catch (error) {
      const message = apiErrorMessage(error, t);
      const key = isApiError(error) ? error.key : undefined;
      if (key === 'binding_exists') form.setError('account', { type: 'server', message }, { shouldFocus: true });
      else if (key === 'code_invalid' || key === 'code_expired' || key === 'code_attempts_exceeded')
        form.setError('code', { type: 'server', message }, { shouldFocus: true });
      else if ((key === 'reauth_required' || key === 'reset_ticket_invalid') && onReauthNeeded) onReauthNeeded(message);
      else if (!applyServerFieldErrors(error, form.setError, ['account', 'code'])) setFormError(message);
    }
  };

  return (
    <form
      className="adm-form"
      noValidate
      aria-label={t(`bind.${type}.formLabel`)}
      onSubmit={(e) => void form.handleSubmit(onValid)(e)}
    >
      <List>
        <TextField
          namespace="user"
          keyPrefix="common"
          control={form.control}
          name="account"
          label={t(`bind.${type}.label`)}
          type={type === 'email' ? 'email' : 'tel'}
          inputMode={type === 'email' ? 'email' : 'tel'}
          autoComplete={type === 'email' ? 'email' : 'tel'}
          placeholder={t(`bind.${type}.placeholder`)}
          required
        />
        <CodeField
          form={form}
          name="code"
          purpose="bind"
          getAccount={getAccount}
          onSendError={(message, error) =>
            isApiError(error) && error.key === 'binding_exists'
              ? form.setError('account', { type: 'server', message })
              : form.setError('code', { type: 'server', message })
          }
        />
      </List>
      {type === 'mobile' ? <p className="user-hint">{t('bind.mobile.hint')}</p> : null}
      <FormAlert message={formError} />
      <div className="user-actions">
        <Button block type="submit" color="primary" size="large" loading={bind.isPending} disabled={bind.isPending}>
          {t(`bind.${type}.submit`)}
        </Button>
      </div>
    </form>
  );
}
