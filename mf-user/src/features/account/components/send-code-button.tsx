import { Button } from 'antd-mobile';
import { VERIFICATION_CODE_COUNTDOWN_SECONDS, isApiError, useHost, type RateLimitedData } from '@cardwallet/shared';
import type { CodePurpose } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '../api/send-code';
import { apiErrorMessage, useCountdown } from '@cardwallet/shared/forms';

export interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** Validates the account field and returns the account, or null when it is not valid yet. */
  getAccount: () => Promise<string | null>;
  /** Where a failure is shown (next to the code field). */
  onError: (message: string, error: unknown) => void;
  onSent?: () => void;
}

/**
 * Sends a verification code, then counts down the 60 s before another may be asked for: disabled
 * and showing the seconds left meanwhile.
 */
export function SendCodeButton({ purpose, getAccount, onError, onSent }: SendCodeButtonProps) {
  const { t } = useTranslation('user');
  const host = useHost();
  const sendCode = useSendCode();
  const { remaining, start } = useCountdown();
  const counting = remaining > 0;

  const onClick = async () => {
    const account = await getAccount();
    if (!account) return;
    try {
      const result = await sendCode.mutateAsync({ account, purpose });
      start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : VERIFICATION_CODE_COUNTDOWN_SECONDS);
      host.toast.show(t('common.sendCode.sent'), { icon: 'success' });
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
      className="user-send-code"
      disabled={counting || sendCode.isPending}
      loading={sendCode.isPending}
      onClick={() => void onClick()}
    >
      {counting ? t('common.sendCode.resendIn', { seconds: remaining }) : t('common.sendCode.send')}
    </Button>
  );
}
