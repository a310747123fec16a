import { useState, type ReactNode } from 'react';
import { Button, List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { codeSchema } from '@cardwallet/shared/schemas';
import { isApiError } from '@cardwallet/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '@cardwallet/shared/zod';
import { apiErrorMessage, FormAlert, PasswordField } from '@cardwallet/shared/forms';
import { CodeField } from './code-field';

export type ProofMethod = 'code' | 'password';

const codeForm = z.object({ secret: codeSchema });
const passwordForm = z.object({ secret: z.string().min(1, 'validation.required').max(128, 'validation.tooLong') });

export interface ProofFormProps {
  /** The heading and the form's accessible name. */
  title: string;
  initialMethod: ProofMethod;
  /** Whether the other method may be chosen (a code needs a channel to send it to). */
  canSwitch: boolean;
  /** The link that switches away from `method`. */
  switchLabel: (method: ProofMethod) => string;
  hint: (method: ProofMethod) => ReactNode;
  /** Between the hint and the field, e.g. which bound channel gets the code. */
  extra?: (method: ProofMethod) => ReactNode;
  /** "Confirm with passkey", offered first when the customer has one. */
  passkey?: ReactNode;
  /** Where the 'rebind' code goes. */
  codeAccount: () => string | null;
  /** API refusals shown next to the field (a wrong code or password); the rest above the button. */
  isFieldError: (key: string) => boolean;
  initialError?: string | null;
  pending: boolean;
  /** The API call with the entered code or login password; a rejection is shown. */
  submit: (method: ProofMethod, secret: string) => Promise<unknown>;
}

/**
 * The re-authentication form (issue 22) behind every takeover path in the member centre: the login
 * password or a 'rebind' code to a bound channel, with a passkey offered first. The transaction
 * password's step-up (user/stepUp) and a binding's verify-identity step (user/verifyIdentity) are
 * this form with their own texts, channels and call.
 */
export function ProofForm({
  title,
  initialMethod,
  canSwitch,
  switchLabel,
  hint,
  extra,
  passkey,
  codeAccount,
  isFieldError,
  initialError,
  pending,
  submit,
}: ProofFormProps) {
  const { t } = useTranslation('user');
  const [method, setMethod] = useState<ProofMethod>(initialMethod);
  const [formError, setFormError] = useState<string | null>(initialError ?? null);
  const form = useForm<{ secret: string }>({
    mode: 'onTouched',
    resolver: zodResolver(method === 'code' ? codeForm : passwordForm),
    defaultValues: { secret: '' },
  });

  const switchMethod = () => {
    setMethod((m) => (m === 'code' ? 'password' : 'code'));
    form.reset({ secret: '' });
    setFormError(null);
  };

  const onValid = async ({ secret }: { secret: string }) => {
    setFormError(null);
    try {
      await submit(method, secret);
    } catch (error) {
      const message = apiErrorMessage(error, t);
      if (isApiError(error) && error.key && isFieldError(error.key))
        form.setError('secret', { type: 'server', message }, { shouldFocus: true });
      else setFormError(message);
    }
  };

  return (
    <form className="adm-form" noValidate aria-label={title} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <h2 className="user-section-title">{title}</h2>
      {passkey}
      <p className="user-hint">{hint(method)}</p>
      {extra?.(method)}
      <List>
        {method === 'code' ? (
          <CodeField key="code" form={form} name="secret" purpose="rebind" getAccount={async () => codeAccount()} />
        ) : (
          <PasswordField
            namespace="user"
            keyPrefix="common"
            key="password"
            control={form.control}
            name="secret"
            label={t('change.loginPassword')}
            autoComplete="current-password"
            required
          />
        )}
      </List>
      <FormAlert message={formError} />
      <div className="user-actions">
        <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending}>
          {t('common.next')}
        </Button>
        {canSwitch ? (
          <button type="button" className="user-text-button" onClick={switchMethod}>
            {switchLabel(method)}
          </button>
        ) : null}
      </div>
    </form>
  );
}
