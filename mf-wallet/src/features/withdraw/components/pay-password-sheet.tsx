import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';

/**
 * The 6-digit transaction password on a numeric keypad. Submits when the sixth digit is entered;
 * `error` (the API's translated refusal) shows under the cells and clears the entry. `passkey`
 * (the "Confirm with passkey" button, when offered) comes first; `passwordSet` false leaves it alone.
 */
export function PayPasswordSheet({
  visible,
  submitting,
  error,
  summary,
  onSubmit,
  onClose,
  onForgot,
  passkey,
  passwordSet = true,
}: {
  visible: boolean;
  passkey?: React.ReactNode;
  passwordSet?: boolean;
  submitting: boolean;
  error: string | null;
  summary: React.ReactNode;
  onSubmit: (password: string) => void;
  onClose: () => void;
  onForgot: () => void;
}) {
  const { t } = useTranslation('wallet');
  const [value, setValue] = useState('');
  useEffect(() => {
    if (error || !visible) setValue('');
  }, [error, visible]);

  return (
    <Popup visible={visible} onMaskClick={submitting ? undefined : onClose} bodyClassName="wallet-sheet" destroyOnClose>
      <section role="dialog" aria-modal="true" aria-labelledby="paypass-title" className="wallet-sheet-body">
        <h2 id="paypass-title" className="wallet-sheet-title">
          {t('withdraw.paypassTitle')}
        </h2>
        <div className="wallet-sheet-summary">{summary}</div>
        {passkey}
        {passwordSet && (
          <div className="wallet-passcode cw-ltr">
            <PasscodeInput
              length={6}
              value={value}
              onChange={setValue}
              error={Boolean(error)}
              keyboard={<NumberKeyboard />}
              onFill={(v) => {
                if (!submitting) onSubmit(v);
              }}
              aria-label={t('withdraw.paypassLabel')}
            />
          </div>
        )}
        {error && (
          <p role="alert" className="wallet-error-text">
            {error}
          </p>
        )}
        {submitting && (
          <p role="status" className="wallet-muted">
            {t('withdraw.submitting')}
          </p>
        )}
        <div className="wallet-sheet-actions">
          <Button fill="none" onClick={onForgot} disabled={submitting}>
            {t('withdraw.forgotPaypass')}
          </Button>
          <Button fill="outline" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
