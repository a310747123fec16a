/** The release console's calls (admin session token in `Access-Token`; envelopes unwrapped). */
export interface CohortSummary {
  releaseId: string;
  sessions: number;
  errorSessions: number;
  loadFailures: number;
  errorRate: number | null;
  loadFailureRate: number | null;
  lcpP75: number | null;
  inpP75: number | null;
}
export interface Analysis {
  verdict: 'healthy' | 'failing' | 'not_enough_data';
  canary: CohortSummary;
  stable: CohortSummary;
  metrics: Array<{
    metric: string;
    verdict: string;
    canary: number | null;
    stable: number | null;
    z: number | null;
    pValue: number | null;
  }>;
}
export interface Rollout {
  releaseId: string;
  steps: number[];
  percent: number;
  status: string;
  statusReason: string | null;
  holdUntil: string;
  nextCheckAt: string | null;
}
/** One minute of one release (the console's charts). */
export interface MinutePoint {
  minute: string;
  sessions: number;
  errorSessions: number;
  loadFailures: number;
  lcpP75: number | null;
}
export interface AppOverview {
  app: string;
  stable: { releaseId: string; version: string };
  canary: { releaseId: string; version: string; percent: number } | null;
  rollout: Rollout | null;
  comparison: Analysis | null;
  series?: { canary: MinutePoint[]; stable: MinutePoint[] } | null;
}
export interface AuditEntry {
  action: string;
  releaseId: string | null;
  actor: string;
  details: unknown;
  at: string;
}

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

export interface ConsoleOverview {
  apps: AppOverview[];
  /** This API process's ingest counters (admin only: they are about every app). */
  ingest: { accepted: number; dropped: Record<string, number> } | null;
}
export interface ConsoleMessage {
  id: string;
  app: string;
  text: string;
  at: string;
}

/** What the console does, whoever signed in: an administrator (every app) or a team (its own app). */
export interface ConsoleApi {
  overview(): Promise<ConsoleOverview>;
  messages(): Promise<{ messages: ConsoleMessage[] }>;
  audit(app: string): Promise<{ entries: AuditEntry[] }>;
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
    audit: (app: string) => call<{ entries: AuditEntry[] }>('GET', `releases/${app}/audit`),
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
    overview: () => call<ConsoleOverview>('GET', 'admin/telemetry/overview'),
    messages: () => call<{ messages: ConsoleMessage[] }>('GET', 'admin/rollouts/messages'),
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
      const { overview } = await call<{ overview: AppOverview | null }>('GET', `releases/${app}/overview`);
      return { apps: overview ? [overview] : [], ingest: null };
    },
    messages: async () => {
      const { messages } = await call<{ messages: ConsoleMessage[] }>('GET', `releases/${app}/rollout`);
      return { messages };
    },
    ...releaseRoutes(call),
    start: (name: string) => call('POST', `releases/${name}/rollout`, {}),
    pause: (name: string) => call('POST', `releases/${name}/rollout/pause`, {}),
    resume: (name: string) => call('POST', `releases/${name}/rollout/resume`, {}),
  };
}
