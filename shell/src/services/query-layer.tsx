import { lazy, type ReactNode } from 'react';

/**
 * react-query off the start path (issue 24, "less JS before interaction"): pages that call the
 * API — every feature app's page (react-query is their shared singleton) and the shell's own
 * data pages — render inside `WithQueries`, which loads the query chunk in parallel with the
 * page's chunk (both suspend under the page's Suspense). The signed-out home page does not.
 */
const loadQueryClient = () => import(/* webpackChunkName: "query-client" */ './query-client');

const LazyQueryProvider = lazy(() => loadQueryClient().then((m) => ({ default: m.QueryProvider })));

export function WithQueries({ children }: { children: ReactNode }) {
  return <LazyQueryProvider>{children}</LazyQueryProvider>;
}

/** Starts the chunk early (a remote's files are on their way): no-op once loaded. */
export function preloadQueries(): void {
  loadQueryClient().catch(() => undefined);
}

/** Pull-to-refresh: refetch the active queries (none before the chunk has been loaded by a page). */
export async function refetchActiveQueries(): Promise<void> {
  const { queryClient } = await loadQueryClient();
  await queryClient.refetchQueries({ type: 'active' });
}
