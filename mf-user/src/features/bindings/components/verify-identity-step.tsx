import { Button, List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { codeSchema } from '@cardwallet/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError, useHost } from '@cardwallet/shared';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { apiErrorMessage } from '../../../lib/api-error';
import { maskAccount } from '../../../lib/mask';
import { useVerifyIdentity } from '../../account/api/verify-identity';
import { SendCodeButton } from '../../account/components/send-code-button';
import { passkeyProof } from '../../account/api/passkey-proof';
import { PasskeyProofButton, usePasskeyStepUpOffered } from '../../paypass/components/passkey-step-up-button';

const codeForm = z.object({ secret: codeSchema });
const passwordForm = z.object({ secret: z.string().min(1, 'validation.required').max(128, 'validation.tooLong') });

export interface VerifyIdentityStepProps {
  channel: 'email' | 'mobile';
  /** Where the code goes: the binding being replaced, or for a first binding the other channel (null: password only). */
  current: string | null;
  /** A first binding of `channel` (no current one). */
  first?: boolean;
  /** Shown at the top, e.g. after the previous ticket expired. */
  notice?: string | null;
  onVerified: (ticket: string) => void;
}

/**
 * Step 1 of changing a binding (OWASP ASVS V7.5.1): prove it is you with a passkey (offered first
 * when the customer has one), a code sent to the CURRENT e-mail/mobile — or, when that is
 * unreachable, with the login password.
 */
export function VerifyIdentityStep({ channel, current, first = false, notice, onVerified }: VerifyIdentityStepProps) {
  const { t } = useTranslation('user');
  const verify = useVerifyIdentity();
  const { http } = useHost();
  const passkeyOffered = usePasskeyStepUpOffered();
  const [method, setMethod] = useState<'code' | 'password'>(current ? 'code' : 'password');
  const [formError, setFormError] = useState<string | null>(notice ?? null);
  const form = useForm<{ secret: string }>({ mode: 'onTouched', resolver: zodResolver(method === 'code' ? codeForm : passwordForm), defaultValues: { secret: '' } });

  const switchMethod = () => {
    setMethod((m) => (m === 'code' ? 'password' : 'code'));
    form.reset({ secret: '' });
    setFormError(null);
  };

  const onValid = async ({ secret }: { secret: string }) => {
    setFormError(null);
    try {
      const { ticket } = await verify.mutateAsync(method === 'code' ? { method, channel, code: secret } : { method, channel, password: secret });
      onVerified(ticket);
    } catch (error) {
      const message = apiErrorMessage(error, t);
      if (isApiError(error) && (error.key?.startsWith('code_') || error.key === 'invalid_credentials')) {
        form.setError('secret', { type: 'server', message }, { shouldFocus: true });
      } else setFormError(message);
    }
  };

  const masked = current ? <span className="cw-ltr">{maskAccount(current)}</span> : null;
  return (
    <form className="adm-form" noValidate aria-label={t('change.verifyTitle')} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <h2 className="user-section-title">{t('change.verifyTitle')}</h2>
      {passkeyOffered ? (
        <PasskeyProofButton
          confirm={async () => {
            const { ceremonyId, response } = await passkeyProof(http);
            const { ticket } = await verify.mutateAsync({ method: 'passkey', channel, ceremonyId, response });
            onVerified(ticket);
          }}
        />
      ) : null}
      <p className="user-hint">
        {method === 'code' ? t(first ? 'change.codeHintFirst' : `change.codeHint.${channel}`) : t('change.passwordHint')} {method === 'code' ? masked : null}
      </p>
      <List>
        {method === 'code' ? (
          <TextField
            key="code"
            control={form.control}
            name="secret"
            label={t('common.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            extra={
              <SendCodeButton
                purpose="rebind"
                getAccount={async () => current}
                onError={(message) => form.setError('secret', { type: 'server', message })}
                onSent={() => form.clearErrors('secret')}
              />
            }
          />
        ) : (
          <TextField key="password" control={form.control} name="secret" label={t('change.loginPassword')} type="password" autoComplete="current-password" required />
        )}
      </List>
      <FormAlert message={formError} />
      <div className="user-actions">
        <Button block type="submit" color="primary" size="large" loading={verify.isPending} disabled={verify.isPending}>
          {t('common.next')}
        </Button>
        {current ? (
          <button type="button" className="user-text-button" onClick={switchMethod}>
            {method === 'code' ? t(first ? 'stepUp.usePassword' : `change.unreachable.${channel}`) : t('change.useCode')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
