import { useContext, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The host client already re-sends requests that got no answer; errors are shown, not retried.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Uses the shell's query cache when it provides one (react-query is a Module Federation singleton,
 * so pull-to-refresh can invalidate our queries), else a cache of the app's own.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const parent = useContext(QueryClientContext);
  const [own] = useState(() => (parent ? null : createQueryClient()));
  if (parent || !own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
