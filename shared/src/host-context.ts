import { createContext, useContext } from 'react';
import type { HostServices } from './contract';

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
