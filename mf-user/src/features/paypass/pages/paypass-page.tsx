import { useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useProfile } from '../../account/api/get-profile';
import { safeRedirectPath } from '@cardwallet/shared/safe-redirect';
import { usePayPasswordStatus } from '../api/pay-password-status';
import { useSavePayPassword, type SavePayPassword } from '../api/save-pay-password';
import { PasscodePad } from '@cardwallet/shared/ui';
import { ResetCodeStep } from '../components/reset-code-step';
import { StepUpStep } from '../components/step-up-step';

type Mode = 'set' | 'change' | 'reset';
type Step = 'proof' | 'old' | 'code' | 'new' | 'confirm';
/** Set and change start with a fresh proof (user/stepUp, issue 22); a reset is proved by its code. */
const FIRST_STEP: Record<Mode, Step> = { set: 'proof', change: 'proof', reset: 'code' };

/**
 * Transaction password (spec §5): set (6 digits twice), change (old, then new twice) or reset with a
 * verification code. Set and change first ask for a fresh proof (login password or a code to a bound
 * channel), so a stolen session cannot take the transaction password. `?redirect=<path>` returns the customer to the page that sent them here
 * (the wallet's withdraw page, the card's CVV …); otherwise they go back to settings.
 */
export default function PaypassPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const status = usePayPasswordStatus();
  const profile = useProfile();
  const save = useSavePayPassword();

  const [chosen, setChosen] = useState<Mode | null>(params.get('mode') === 'reset' ? 'reset' : null);
  const [step, setStep] = useState<Step | null>(null);
  const [secrets, setSecrets] = useState<{ old?: string; code?: string; account?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState<string | null>(null);

  if (status.isPending || profile.isPending) {
    return (
      <main className="user-page" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton.Paragraph lineCount={5} animated />
      </main>
    );
  }
  if (status.isError || profile.isError) {
    return (
      <main className="user-page user-error-state">
        <p role="alert">{apiErrorMessage(status.error ?? profile.error, t)}</p>
        <Button onClick={() => void Promise.all([status.refetch(), profile.refetch()])}>{t('common.retry')}</Button>
      </main>
    );
  }

  const mode: Mode = chosen ?? (status.data.isSet ? 'change' : 'set');
  const current = step ?? FIRST_STEP[mode];
  const lockedMessage =
    locked ??
    (mode === 'change' && status.data.lockedForMinutes > 0
      ? t('errors.paypass_locked', { ns: 'common', minutes: status.data.lockedForMinutes })
      : null);
  const ownAccounts = [profile.data.email, profile.data.mobile].filter((a): a is string => Boolean(a));

  const restart = (next: Mode, message: string | null = null) => {
    setChosen(next);
    setStep(FIRST_STEP[next]);
    setSecrets({});
    setError(message);
  };

  const finish = () => {
    host.toast.show(t(mode === 'set' ? 'paypass.setDone' : 'paypass.changeDone'), { icon: 'success' });
    host.navigation.redirect(redirect ?? '/pages/user/settings');
  };

  const submit = async (password: string) => {
    const input: SavePayPassword =
      mode === 'set'
        ? { mode, password, confirmPassword: password }
        : mode === 'change'
          ? { mode, oldPassword: secrets.old ?? '', password, confirmPassword: password }
          : { mode, code: secrets.code ?? '', account: secrets.account ?? '', password, confirmPassword: password };
    try {
      await save.mutateAsync(input);
      finish();
    } catch (e) {
      const message = apiErrorMessage(e, t);
      const key = isApiError(e) ? e.key : undefined;
      if (key === 'paypass_locked') {
        setLocked(message);
        setStep(FIRST_STEP[mode]);
      } else if (key === 'paypass_wrong') {
        // The old password was wrong: enter it again (the message says how many tries are left).
        setSecrets({});
        setStep('old');
        setError(message);
      } else if (key === 'step_up_required') {
        // The proof expired (5 minutes) or was used: prove it again.
        setSecrets({});
        setStep('proof');
        setError(message);
      } else if (
        key === 'code_invalid' ||
        key === 'code_expired' ||
        key === 'code_attempts_exceeded' ||
        key === 'step_up_channel_too_new'
      ) {
        setSecrets({});
        setStep('code');
        setError(message);
      } else {
        setStep('new');
        setError(message);
      }
    }
  };

  const onFill = (digits: string) => {
    setError(null);
    if (current === 'old') {
      setSecrets({ old: digits });
      setStep('new');
    } else if (current === 'new') {
      setSecrets((s) => ({ ...s, password: digits }));
      setStep('confirm');
    } else if (current === 'confirm') {
      if (digits !== secrets.password) {
        setSecrets((s) => ({ ...s, password: undefined }));
        setStep('new');
        setError(t('validation.pinsDiffer', { ns: 'common' }));
        return;
      }
      void submit(digits);
    }
  };

  return (
    <main className="user-page">
      {lockedMessage && mode !== 'reset' ? (
        <section className="user-paypass" aria-labelledby="paypass-locked">
          <h2 id="paypass-locked">{t('paypass.lockedTitle')}</h2>
          <p role="alert">{lockedMessage}</p>
          <Button block color="primary" onClick={() => restart('reset')}>
            {t('paypass.forgot')}
          </Button>
        </section>
      ) : current === 'proof' ? (
        <StepUpStep
          key={error ?? 'proof'}
          accounts={ownAccounts}
          initialError={error}
          onDone={() => {
            setError(null);
            setStep(mode === 'change' ? 'old' : 'new');
          }}
        />
      ) : current === 'code' ? (
        <ResetCodeStep
          accounts={ownAccounts}
          initialError={error}
          onDone={(code, account) => {
            setSecrets({ code, account });
            setError(null);
            setStep('new');
          }}
        />
      ) : (
        <PasscodePad
          title={t(`paypass.step.${current}`)}
          hint={current === 'new' ? t('paypass.newHint') : undefined}
          label={t(`paypass.step.${current}`)}
          error={error}
          disabled={save.isPending}
          onFill={onFill}
        />
      )}
      {mode === 'change' && !lockedMessage && current === 'old' ? (
        <div className="user-paypass-links">
          <button type="button" className="user-text-button" onClick={() => restart('reset')}>
            {t('paypass.forgot')}
          </button>
        </div>
      ) : null}
    </main>
  );
}
