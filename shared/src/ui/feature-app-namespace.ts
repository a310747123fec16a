import { createContext, useContext } from 'react';

/** The namespace of the FeatureAppFrame a tree is in (its own module: page states need it, not the frame). */
export const NamespaceContext = createContext<string | null>(null);

/** The namespace of the feature app whose frame this tree is in (null outside a frame). */
export function useFeatureAppNamespace(): string | null {
  return useContext(NamespaceContext);
}
