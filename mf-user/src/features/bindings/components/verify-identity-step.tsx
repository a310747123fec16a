import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { passkeyProof, usePasskeyOffered } from '@cardwallet/shared/forms';
import { maskAccount } from '../../../lib/mask';
import { useVerifyIdentity } from '../../account/api/verify-identity';
import { ProofForm } from '../../account/components/proof-form';
import { PasskeyProofButton } from '../../paypass/components/passkey-step-up-button';

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
  const passkeyOffered = usePasskeyOffered();
  const masked = current ? <span className="cw-ltr">{maskAccount(current)}</span> : null;

  return (
    <ProofForm
      title={t('change.verifyTitle')}
      initialMethod={current ? 'code' : 'password'}
      canSwitch={Boolean(current)}
      switchLabel={(method) =>
        method === 'code' ? t(first ? 'stepUp.usePassword' : `change.unreachable.${channel}`) : t('change.useCode')
      }
      hint={(method) =>
        method === 'code' ? (
          <>
            {t(first ? 'change.codeHintFirst' : `change.codeHint.${channel}`)} {masked}
          </>
        ) : (
          t('change.passwordHint')
        )
      }
      passkey={
        passkeyOffered ? (
          <PasskeyProofButton
            confirm={async () => {
              const { ceremonyId, response } = await passkeyProof(http);
              const { ticket } = await verify.mutateAsync({ method: 'passkey', channel, ceremonyId, response });
              onVerified(ticket);
            }}
          />
        ) : null
      }
      codeAccount={() => current}
      isFieldError={(key) => key.startsWith('code_') || key === 'invalid_credentials'}
      initialError={notice}
      pending={verify.isPending}
      submit={async (method, secret) => {
        const { ticket } = await verify.mutateAsync(
          method === 'code' ? { method, channel, code: secret } : { method, channel, password: secret },
        );
        onVerified(ticket);
      }}
    />
  );
}
