import { createContext, useContext, useEffect, useRef } from 'react';
import type { HostServices, LiveEvent } from './contract';

/**
 * The shell provides its services through this context. `@cardwallet/shared` is a Module
 * Federation singleton, so host and remotes see the same context object.
 */
export const HostContext = createContext<HostServices | null>(null);

export function useHost(): HostServices {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() outside the host shell: wrap the tree in <HostContext.Provider>');
  return host;
}

/**
 * Calls `onEvent` for each live event whose type starts with one of `typePrefixes` while the
 * component is mounted (e.g. `['wallet.']` → refetch balances), and for `live.connected` each time the
 * stream (re)connects, so the page catches up on what happened while it was not connected. Does
 * nothing in a host without live updates (contract 1.0). `onEvent` may change between renders; the
 * latest one is called.
 */
export function useLiveEvents(typePrefixes: readonly string[], onEvent: (event: LiveEvent) => void): void {
  const host = useContext(HostContext);
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const key = typePrefixes.join('|');
  useEffect(() => {
    const prefixes = key.split('|');
    return host?.live?.subscribe((event) => {
      if (event.type === 'live.connected' || prefixes.some((p) => event.type.startsWith(p))) latest.current(event);
    });
  }, [host, key]);
}
