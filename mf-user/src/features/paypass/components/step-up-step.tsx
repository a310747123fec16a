import { useState } from 'react';
import { Button, List, Radio, Space } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { codeSchema } from '@cardwallet/shared/schemas';
import { isApiError } from '@cardwallet/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { apiErrorMessage } from '../../../lib/api-error';
import { maskAccount } from '../../../lib/mask';
import { useStepUp } from '../../account/api/step-up';
import { SendCodeButton } from '../../account/components/send-code-button';
import { PasskeyStepUpButton, usePasskeyStepUpOffered } from './passkey-step-up-button';

const codeForm = z.object({ secret: codeSchema });
const passwordForm = z.object({ secret: z.string().min(1, 'validation.required').max(128, 'validation.tooLong') });
/** Refusals that belong to the field (shown next to it); anything else above the button. */
const FIELD_KEYS = new Set(['invalid_credentials', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'step_up_channel_too_new']);

/**
 * Before the transaction password is set or changed (issue 22): prove it is you with a passkey
 * (offered first when the customer has one), the login password, or with a code sent to an e-mail / mobile already bound (bound 24 h or more). A
 * session alone — a stolen token — is not enough.
 */
export function StepUpStep({ accounts, initialError, onDone }: { accounts: string[]; initialError?: string | null; onDone: () => void }) {
  const { t } = useTranslation('user');
  const stepUp = useStepUp();
  const passkeyOffered = usePasskeyStepUpOffered();
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [account, setAccount] = useState(accounts[0] ?? '');
  const [formError, setFormError] = useState<string | null>(initialError ?? null);
  const form = useForm<{ secret: string }>({ mode: 'onTouched', resolver: zodResolver(method === 'code' ? codeForm : passwordForm), defaultValues: { secret: '' } });

  const switchMethod = () => {
    setMethod((m) => (m === 'code' ? 'password' : 'code'));
    form.reset({ secret: '' });
    setFormError(null);
  };

  const onValid = async ({ secret }: { secret: string }) => {
    setFormError(null);
    try {
      await stepUp.mutateAsync({
        purpose: 'paypass',
        proof: method === 'password' ? { kind: 'password', password: secret } : { kind: 'code', account, code: secret },
      });
      onDone();
    } catch (error) {
      const message = apiErrorMessage(error, t);
      if (isApiError(error) && error.key && FIELD_KEYS.has(error.key)) form.setError('secret', { type: 'server', message }, { shouldFocus: true });
      else setFormError(message);
    }
  };

  return (
    <form className="adm-form" noValidate aria-label={t('stepUp.title')} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <h2 className="user-section-title">{t('stepUp.title')}</h2>
      {passkeyOffered ? <PasskeyStepUpButton onDone={onDone} /> : null}
      <p className="user-hint">{method === 'password' ? t('stepUp.passwordHint') : t('stepUp.codeHint')}</p>
      {method === 'code' && accounts.length > 1 ? (
        <Radio.Group value={account} onChange={(v) => setAccount(String(v))}>
          <fieldset className="user-fieldset">
            <legend className="user-hint">{t('paypass.sendTo')}</legend>
            <Space direction="vertical" style={{ padding: '0 16px 8px' }}>
              {accounts.map((a) => (
                <Radio key={a} value={a}>
                  <span className="cw-ltr">{maskAccount(a)}</span>
                </Radio>
              ))}
            </Space>
          </fieldset>
        </Radio.Group>
      ) : method === 'code' ? (
        <p className="user-hint">
          {t('paypass.sendTo')}: <span className="cw-ltr">{maskAccount(account)}</span>
        </p>
      ) : null}
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
                getAccount={async () => account || null}
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
        <Button block type="submit" color="primary" size="large" loading={stepUp.isPending} disabled={stepUp.isPending}>
          {t('common.next')}
        </Button>
        {accounts.length > 0 ? (
          <button type="button" className="user-text-button" onClick={switchMethod}>
            {method === 'password' ? t('stepUp.useCode') : t('stepUp.usePassword')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
