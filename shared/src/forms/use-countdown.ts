import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until `start(seconds)` runs out. Counts against a deadline rather than decrementing,
 * so a throttled background tab still shows the true remaining time when it wakes up.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setRemaining(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  return { remaining, start };
}
