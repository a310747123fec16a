import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { PIN_LENGTH } from '@cardwallet/shared';

export interface PasscodeStepProps {
  /** Heading of the step ("Enter your current transaction password"). */
  title: string;
  hint?: string;
  /** Accessible name of the six-cell input. */
  label: string;
  /** Shown under the cells, announced (role=alert), and the cells turn red. */
  error?: string | null;
  /** Called once six digits are in; the step clears itself for the next entry. */
  onFill: (digits: string) => void;
  disabled?: boolean;
}

/**
 * One six-digit entry with antd-mobile's PasscodeInput and its on-screen NumberKeyboard (spec §5:
 * exactly 6 digits). A physical keyboard works too: digits and Backspace typed while the cells
 * have focus are taken (antd-mobile only listens to its on-screen keyboard when one is given).
 * Digits stay left-to-right in every locale (theme.css). antd-mobile's hidden native <input> is
 * not used with the on-screen keyboard and is removed by user.css (see there).
 */
export function PasscodeStep({ title, hint, label, error, onFill, disabled }: PasscodeStepProps) {
  const [value, setValue] = useState('');
  const inputRef = useRef<PasscodeInputRef>(null);
  const headingId = `${title.length}-passcode-heading`;

  useEffect(() => {
    // A new step (title changes) starts empty and focused, so the keyboard comes up by itself.
    setValue('');
    inputRef.current?.focus();
  }, [title]);

  const fill = (next: string) => {
    if (disabled) return;
    setValue(next);
    if (next.length === PIN_LENGTH) {
      onFill(next);
      setValue('');
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (/^\d$/.test(e.key) && value.length < PIN_LENGTH) {
      e.preventDefault();
      fill(value + e.key);
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      setValue(value.slice(0, -1));
    }
  };

  return (
    <section className="user-paypass" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {hint ? <p>{hint}</p> : null}
      <div onKeyDown={onKeyDown}>
        <PasscodeInput
          ref={inputRef}
          aria-label={label}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? 'paypass-error' : undefined}
          length={PIN_LENGTH}
          seperated
          value={value}
          error={Boolean(error)}
          onChange={fill}
          keyboard={<NumberKeyboard />}
        />
      </div>
      {error ? (
        <div id="paypass-error" role="alert" className="user-paypass-error">
          {error}
        </div>
      ) : null}
    </section>
  );
}
