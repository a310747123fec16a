import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
// By package name: in a remote's bundle this is the shell's Module Federation singleton.
import { PIN_LENGTH } from '@cardwallet/shared';

export interface PasscodePadProps {
  /** Heading of the step ("Enter the new PIN", "Enter your current transaction password"). */
  title: string;
  hint?: string;
  /** Accessible name of the six-cell input. */
  label: string;
  /** Shown under the cells, announced (role=alert), and the cells turn red. */
  error?: string | null;
  /** Called once six digits are in; the pad clears itself for the next entry. */
  onFill: (digits: string) => void;
  disabled?: boolean;
  /** Extra class on the section, for a page's own spacing. */
  className?: string;
}

/**
 * One six-digit entry (spec §5: card PIN, ATM PIN and transaction password are exactly 6 digits) on
 * antd-mobile's PasscodeInput with its on-screen NumberKeyboard. A physical keyboard works too:
 * digits and Backspace typed while the cells have focus are taken (antd-mobile only listens to its
 * on-screen keyboard when one is given). A new step (title changes) starts empty and focused, so
 * the keyboard comes up by itself. Cells stay left-to-right in every locale (theme.css `.cw-passcode`).
 */
export function PasscodePad({ title, hint, label, error, onFill, disabled, className }: PasscodePadProps) {
  const [value, setValue] = useState('');
  const inputRef = useRef<PasscodeInputRef>(null);
  const id = useId();

  useEffect(() => {
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
    <section className={className ? `cw-passcode ${className}` : 'cw-passcode'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {hint ? <p className="cw-passcode-hint">{hint}</p> : null}
      <div onKeyDown={onKeyDown} className="cw-passcode-cells">
        <PasscodeInput
          ref={inputRef}
          aria-label={label}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? `${id}-error` : undefined}
          length={PIN_LENGTH}
          seperated
          value={value}
          error={Boolean(error)}
          onChange={fill}
          keyboard={<NumberKeyboard />}
        />
      </div>
      {error ? (
        <div id={`${id}-error`} role="alert" className="cw-passcode-error">
          {error}
        </div>
      ) : null}
    </section>
  );
}
