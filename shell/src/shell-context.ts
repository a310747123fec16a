import { createContext, useContext } from 'react';
import type { FeatureRegistry } from './routing/feature-registry';

export interface ShellContextValue {
  registry: FeatureRegistry;
}
export const ShellContext = createContext<ShellContextValue | null>(null);
export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() outside the shell');
  return value;
}
