import { Button, List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, useHost } from '@cardwallet/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '@cardwallet/shared/zod';
import { apiErrorMessage, FormAlert, passkeyProof, PasswordField, usePasskeyOffered } from '@cardwallet/shared/forms';
import { useStepUp } from '../api/step-up';
import { CardPasskeyButton } from './card-passkey-button';

const schema = z.object({ password: z.string().min(1, 'validation.required').max(128, 'validation.tooLong') });

/**
 * Before a new card PIN: a passkey (offered first when the customer has one) or the login password as a fresh proof (user/stepUp 'card_pin'), so a stolen
 * session cannot set a PIN. A wrong password is shown next to the field; a lock above the button.
 */
export function PinProofForm({ initialError, onDone }: { initialError?: string | null; onDone: () => void }) {
  const { t } = useTranslation('card');
  const { http } = useHost();
  const stepUp = useStepUp();
  const passkeyOffered = usePasskeyOffered();
  const form = useForm<z.input<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { password: '' },
  });
  const onValid = async ({ password }: { password: string }) => {
    try {
      await stepUp.mutateAsync({ purpose: 'card_pin', proof: { kind: 'password', password } });
      onDone();
    } catch (error) {
      const message = apiErrorMessage(error, t);
      if (isApiError(error) && error.key === 'invalid_credentials')
        form.setError('password', { type: 'server', message }, { shouldFocus: true });
      else form.setError('root.server', { type: 'server', message });
    }
  };
  return (
    <form
      className="adm-form"
      noValidate
      aria-label={t('pin.proofTitle')}
      onSubmit={(e) => void form.handleSubmit(onValid)(e)}
    >
      <h2 className="cw-section-title">{t('pin.proofTitle')}</h2>
      <p className="card-fine-print">{t('pin.proofHint')}</p>
      {passkeyOffered ? (
        <CardPasskeyButton
          confirm={async () => {
            await stepUp.mutateAsync({
              purpose: 'card_pin',
              proof: { kind: 'passkey', ...(await passkeyProof(http)) },
            });
            onDone();
          }}
        />
      ) : null}
      <List>
        <PasswordField
          namespace="card"
          control={form.control}
          name="password"
          label={t('pin.loginPassword')}
          autoComplete="current-password"
          required
        />
      </List>
      <FormAlert message={form.formState.errors.root?.server?.message ?? initialError ?? null} />
      <div className="card-actions">
        <Button block type="submit" color="primary" size="large" loading={stepUp.isPending} disabled={stepUp.isPending}>
          {t('pin.proofNext')}
        </Button>
      </div>
    </form>
  );
}
