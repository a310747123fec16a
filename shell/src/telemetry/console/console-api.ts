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

export function consoleApi(
  base: string,
  token: () => string | undefined,
  fetcher: typeof fetch = (...a) => fetch(...a),
) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
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
  return {
    signIn: (username: string, password: string, otp: string) =>
      call<{ token: string }>('POST', 'user/adminLogin', { username, password, otp }),
    overview: () =>
      call<{ apps: AppOverview[]; ingest: { accepted: number; dropped: Record<string, number> } }>(
        'GET',
        'admin/telemetry/overview',
      ),
    messages: () =>
      call<{ messages: Array<{ id: string; app: string; text: string; at: string }> }>(
        'GET',
        'admin/rollouts/messages',
      ),
    audit: (app: string) => call<{ entries: AuditEntry[] }>('GET', `releases/${app}/audit`),
    promote: (app: string) => call('POST', `releases/${app}/promote`, {}),
    rollback: (app: string) => call('POST', `releases/${app}/rollback`, {}),
    start: (app: string) => call('POST', 'admin/rollouts/start', { app }),
    pause: (app: string) => call('POST', 'admin/rollouts/pause', { app }),
    resume: (app: string) => call('POST', 'admin/rollouts/resume', { app }),
  };
}
export type ConsoleApi = ReturnType<typeof consoleApi>;
