import { useContext, type ReactNode } from 'react';
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
  if (parent) return <>{children}</>;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}

// One cache for the whole app: the shell wraps every page in the Provider separately, and the
// country list fetched on login should still be there on register.
let ownClient: QueryClient | null = null;
function appQueryClient(): QueryClient {
  ownClient ??= createQueryClient();
  return ownClient;
}
