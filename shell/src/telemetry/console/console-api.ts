import type {
  AppOverview,
  AppOverviewResult,
  AppRolloutResult,
  ReleaseAuditResult,
  RolloutMessagesResult,
  TelemetryOverviewResult,
} from '@cardwallet/shared/schemas';

/** The release console's calls (admin session token in `Access-Token`; envelopes unwrapped). */
export class ConsoleApiError extends Error {}

/** One call of the console: the token in `Access-Token` (an admin session or a team's deploy token); envelopes unwrapped. */
function caller(base: string, token: () => string | undefined, fetcher: typeof fetch) {
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const t = token();
    const res = await fetcher(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...(t ? { 'access-token': t } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'omit',
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 200) throw new ConsoleApiError(json.msg);
    return json.data;
  };
}

/** What the console shows: the apps the signer may see (an admin every app, a team its own). */
export interface ConsoleOverview {
  apps: AppOverview[];
  /** This API process's ingest counters (admin only: they are about every app). */
  ingest: TelemetryOverviewResult['ingest'] | null;
}

/** What the console does, whoever signed in: an administrator (every app) or a team (its own app). */
export interface ConsoleApi {
  overview(): Promise<ConsoleOverview>;
  messages(): Promise<RolloutMessagesResult>;
  audit(app: string): Promise<ReleaseAuditResult>;
  promote(app: string): Promise<unknown>;
  rollback(app: string): Promise<unknown>;
  start(app: string): Promise<unknown>;
  pause(app: string): Promise<unknown>;
  resume(app: string): Promise<unknown>;
}

/** The administrator's sign-in (username, password and TOTP code): an admin session token. */
export function adminSignIn(
  base: string,
  credentials: { username: string; password: string; otp: string },
  fetcher: typeof fetch = (...a) => fetch(...a),
) {
  return caller(base, () => undefined, fetcher)<{ token: string }>('POST', 'user/adminLogin', credentials);
}

/** Audit, promote and roll back: the same release routes for an admin and for the app's team. */
function releaseRoutes(call: ReturnType<typeof caller>) {
  return {
    audit: (app: string) => call<ReleaseAuditResult>('GET', `releases/${app}/audit`),
    promote: (app: string) => call('POST', `releases/${app}/promote`, {}),
    rollback: (app: string) => call('POST', `releases/${app}/rollback`, {}),
  };
}

/** The console of an administrator: every app, the admin rollout routes. */
export function consoleApi(
  base: string,
  token: () => string | undefined,
  fetcher: typeof fetch = (...a) => fetch(...a),
): ConsoleApi {
  const call = caller(base, token, fetcher);
  return {
    overview: () => call<TelemetryOverviewResult>('GET', 'admin/telemetry/overview'),
    messages: () => call<RolloutMessagesResult>('GET', 'admin/rollouts/messages'),
    ...releaseRoutes(call),
    start: (app: string) => call('POST', 'admin/rollouts/start', { app }),
    pause: (app: string) => call('POST', 'admin/rollouts/pause', { app }),
    resume: (app: string) => call('POST', 'admin/rollouts/resume', { app }),
  };
}

/**
 * The console of a feature team signed in with its app's deploy token: that app only, through the
 * deploy-token routes (docs/releasing.md) — the same the team's CI uses.
 */
export function teamConsoleApi(
  base: string,
  app: string,
  token: () => string | undefined,
  fetcher: typeof fetch = (...a) => fetch(...a),
): ConsoleApi {
  const call = caller(base, token, fetcher);
  return {
    overview: async () => {
      const { overview } = await call<AppOverviewResult>('GET', `releases/${app}/overview`);
      return { apps: overview ? [overview] : [], ingest: null };
    },
    messages: async () => {
      const { messages } = await call<AppRolloutResult>('GET', `releases/${app}/rollout`);
      return { messages };
    },
    ...releaseRoutes(call),
    start: (name: string) => call('POST', `releases/${name}/rollout`, {}),
    pause: (name: string) => call('POST', `releases/${name}/rollout/pause`, {}),
    resume: (name: string) => call('POST', `releases/${name}/rollout/resume`, {}),
  };
}
