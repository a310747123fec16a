import { useId, useState } from 'react';
import Button from 'antd-mobile/es/components/button';

export interface PasskeyConfirmButtonProps {
  /** The button's text, e.g. "Confirm with passkey" (the app's translation). */
  label: string;
  /** The line under it that says the password form below is the fallback. */
  fallbackHint: string;
  /** The browser's passkey dialog and the API call after it. */
  confirm: () => Promise<unknown>;
  /** A failure (cancelled dialog, refused proof) in the app's words. */
  errorMessage: (error: unknown) => string;
  /** The app's class names: the block, its alert and its hint line. */
  classNames: { root: string; alert: string; hint: string };
}

/**
 * "Confirm with passkey" wherever a step-up asks for a proof: runs `confirm` once at a time (the
 * button shows progress and is disabled meanwhile) and shows a failure right under it.
 */
export function PasskeyConfirmButton({
  label,
  fallbackHint,
  confirm,
  errorMessage,
  classNames,
}: PasskeyConfirmButtonProps) {
  const errorId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await confirm();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={classNames.root}>
      <Button
        block
        color="primary"
        size="large"
        loading={pending}
        disabled={pending}
        aria-describedby={error ? errorId : undefined}
        onClick={() => void run()}
      >
        {label}
      </Button>
      {error ? (
        <div id={errorId} role="alert" className={classNames.alert}>
          {error}
        </div>
      ) : null}
      <p className={classNames.hint}>{fallbackHint}</p>
    </div>
  );
}
