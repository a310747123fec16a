import { useCallback, useMemo, useRef } from 'react';

/** UUID v4 from getRandomValues (randomUUID needs a secure context; a LAN address over http is not one). */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One key per money-moving intent: every retry of the same intent (double tap, timeout, "try
 * again" after a network error) sends the same key, so the server moves the money once. Reset it
 * after a success or when the customer changes what they asked for.
 */
export function useIntentKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return useMemo(() => ({ current, reset }), [current, reset]);
}
