import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// The package root through its name: it is the Module Federation singleton that holds the host context.
import { VERIFICATION_CODE_COUNTDOWN_SECONDS, isApiError, useHost, type RateLimitedData } from '@cardwallet/shared';
import { sendCodeResult, type CodePurpose, type SendCodeBody } from '../schemas/auth';
import { apiErrorMessage } from './api-error';
import { useCountdown } from './use-countdown';

export interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** Validates the account field and returns the account, or null when it is not valid yet. */
  getAccount: () => Promise<string | null>;
  /** Where a failure is shown (next to the code field). */
  onError: (message: string, error: unknown) => void;
  onSent?: () => void;
  /** Another endpoint than user/sendCode (WeChat's binding step). */
  send?: (account: string) => Promise<{ resendAfterSeconds: number }>;
  /** The calling app's translation namespace ('passport', 'user'): labels and API-error wording. */
  namespace: string;
  /** Where `send`, `sent` and `resendIn` sit in that namespace ('sendCode', 'common.sendCode'). */
  keyPrefix?: string;
  /** The app's class for the button (its CSS prefix), e.g. 'passport-send-code'. */
  className?: string;
}

/**
 * Sends a verification code (POST user/sendCode, or `send`), then counts down the 60 s before
 * another may be asked for: disabled and showing the seconds left meanwhile.
 * (Was a copy in mf-passport and mf-user.)
 */
export function SendCodeButton({
  purpose,
  getAccount,
  onError,
  onSent,
  send,
  namespace,
  keyPrefix = 'sendCode',
  className,
}: SendCodeButtonProps) {
  const { t } = useTranslation(namespace);
  const host = useHost();
  const sendCode = useMutation({
    mutationKey: [namespace, 'send-code'],
    mutationFn: async (body: SendCodeBody) =>
      sendCodeResult.parse(await host.http.post<unknown>('user/sendCode', body, { prompt: false })),
  });
  const [customPending, setCustomPending] = useState(false);
  const { remaining, start } = useCountdown();
  const counting = remaining > 0;
  const pending = sendCode.isPending || customPending;

  const onClick = async () => {
    const account = await getAccount();
    if (!account) return;
    try {
      setCustomPending(Boolean(send));
      const result = send
        ? await send(account).finally(() => setCustomPending(false))
        : await sendCode.mutateAsync({ account, purpose });
      start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : VERIFICATION_CODE_COUNTDOWN_SECONDS);
      host.toast.show(t(`${keyPrefix}.sent`), { icon: 'success' });
      onSent?.();
    } catch (error) {
      // The server still remembers the previous code: count down what is left of its cool-down.
      if (isApiError(error) && error.key === 'code_resend_cooldown') {
        const retryAfter = (error.data as Partial<RateLimitedData> | undefined)?.retryAfterSeconds;
        if (retryAfter && retryAfter > 0) start(retryAfter);
      }
      onError(apiErrorMessage(error, t), error);
    }
  };

  return (
    <Button
      type="button"
      size="small"
      color="primary"
      fill="outline"
      className={className}
      disabled={counting || pending}
      loading={pending}
      onClick={() => void onClick()}
    >
      {counting ? t(`${keyPrefix}.resendIn`, { seconds: remaining }) : t(`${keyPrefix}.send`)}
    </Button>
  );
}
