import type { RemoteStatus } from './feature-registry';

export interface ErrorReport {
  message: string;
  page: string;
  /** Every feature app with the release it came from: which version broke is the first question. */
  apps: Array<Pick<RemoteStatus, 'name' | 'state' | 'version' | 'releaseId' | 'channel'>>;
  at: string;
}

export function buildErrorReport(
  error: unknown,
  apps: RemoteStatus[],
  page = typeof location === 'undefined' ? '' : location.pathname,
): ErrorReport {
  return {
    message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    page,
    apps: apps.map(({ name, state, version, releaseId, channel }) => ({ name, state, version, releaseId, channel })),
    at: new Date().toISOString(),
  };
}

/** Logged for support and monitoring (the console is what a browser error collector reads). */
export function reportError(error: unknown, apps: RemoteStatus[]): ErrorReport {
  const report = buildErrorReport(error, apps);
  console.error('[shell] error report', report);
  return report;
}
