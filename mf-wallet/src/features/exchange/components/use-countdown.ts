import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch ms), ticking once a second; null without a deadline.
 * `since` is when the deadline was set: until the first tick after it, the last tick is older than
 * that, and counting from it would show more than the whole hold (31 s of a 30 s quote).
 */
export function useSecondsLeft(deadline: number | null, since: number | null = null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - Math.max(now, since ?? now)) / 1000));
}
