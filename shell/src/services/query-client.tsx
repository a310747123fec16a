import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

/**
 * The shell's one query cache. This module is its own chunk (with react-query, ~25 KiB gzip),
 * loaded by the first page that needs it — never by the signed-out home page's first paint
 * (issue 24). Every page gets its own Provider of this same client (services/query-layer.tsx),
 * so the cache outlives page changes as it did with one Provider around the router.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** Provides the shell's cache unless a Provider above already does (a page inside `WithQueries`, tests). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const parent = useContext(QueryClientContext);
  if (parent) return <>{children}</>;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
