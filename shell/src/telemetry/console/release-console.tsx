import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { REMOTE_NAMES } from '@cardwallet/shared';
import type { AppOverview, ReleaseAuditEntry, RolloutMessage } from '@cardwallet/shared/schemas';
import type { ConsoleApi } from './console-api';
import { MinuteChart } from './minute-chart';
import './release-console.css';

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(2)} %`);
const ms = (x: number | null) => (x === null ? '–' : `${Math.round(x)} ms`);
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }) : '–';
const METRIC_LABEL: Record<string, string> = {
  error_session_rate: 'Error sessions',
  load_failure_rate: 'Load failures',
  lcp_p75: 'p75 LCP',
  inp_p75: 'p75 INP',
};
const VERDICT_LABEL: Record<string, string> = {
  healthy: 'Healthy',
  failing: 'Failing',
  not_enough_data: 'Not enough data',
};

/** Who signs in to the console: an administrator (every app), or a feature team with its app's deploy token. */
export type ConsoleSignIn =
  { kind: 'admin'; username: string; password: string; otp: string } | { kind: 'team'; app: string; token: string };

/**
 * The release console (issue 25; en-US only by design): each app's stable and canary, its automatic
 * rollout, canary vs stable, the audit log, and promote / pause / roll back with confirmation.
 * An administrator sees every app; a feature team signed in with its deploy token sees and acts on
 * its own app only (the API enforces it). The token lives in this page's memory only.
 */
export function ReleaseConsole({
  api,
  signIn,
  confirm = (m) => window.confirm(m),
}: {
  /** The signed-in console's calls; undefined until someone signs in. */
  api: ConsoleApi | undefined;
  /** Resolves when signed in; rejects with the reason to show. */
  signIn: (who: ConsoleSignIn) => Promise<void>;
  confirm?: (message: string) => boolean;
}) {
  if (!api) return <SignIn signIn={signIn} />;
  return <Overview api={api} confirm={confirm} />;
}

function SignIn({ signIn }: { signIn: (who: ConsoleSignIn) => Promise<void> }) {
  const [kind, setKind] = useState<ConsoleSignIn['kind']>('admin');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError('');
    try {
      await signIn(
        kind === 'admin'
          ? { kind, username: field('username'), password: String(form.get('password') ?? ''), otp: field('otp') }
          : { kind, app: field('app'), token: field('deployToken') },
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="cw-console-signin" onSubmit={(e) => void submit(e)} aria-labelledby="console-signin-title">
      <h2 id="console-signin-title">Sign in to the release console</h2>
      <fieldset>
        <legend>Sign in as</legend>
        <label className="cw-console-choice">
          <input type="radio" name="kind" checked={kind === 'admin'} onChange={() => setKind('admin')} />
          Administrator
        </label>
        <label className="cw-console-choice">
          <input type="radio" name="kind" checked={kind === 'team'} onChange={() => setKind('team')} />
          Feature team (deploy token)
        </label>
      </fieldset>
      {kind === 'admin' ? (
        <>
          <label>
            Username
            <input name="username" autoComplete="username" required />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <label>
            One-time code
            <input name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" required />
          </label>
        </>
      ) : (
        <>
          <label>
            App
            <select name="app" required defaultValue={REMOTE_NAMES[0]}>
              {REMOTE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Deploy token
            <input name="deployToken" type="password" autoComplete="off" spellCheck={false} required />
          </label>
        </>
      )}
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function Overview({ api, confirm }: { api: ConsoleApi; confirm: (message: string) => boolean }) {
  const [apps, setApps] = useState<AppOverview[] | null>(null);
  const [ingest, setIngest] = useState<{ accepted: number; dropped: Record<string, number> } | null>(null);
  const [messages, setMessages] = useState<RolloutMessage[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const load = useCallback(async () => {
    try {
      const [overview, inbox] = await Promise.all([api.overview(), api.messages()]);
      setApps(overview.apps);
      setIngest(overview.ingest);
      setMessages(inbox.messages);
      setError('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [api]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 15_000);
    return () => clearInterval(timer);
  }, [load]);

  const act = async (question: string, done: string, fn: () => Promise<unknown>) => {
    if (!confirm(question)) return;
    try {
      await fn();
      setStatus(done);
    } catch (e) {
      setStatus(e instanceof Error ? e.message : String(e));
    }
    await load();
  };

  return (
    <div className="cw-console">
      <p role="status">{status}</p>
      {error && <p role="alert">{error}</p>}
      {apps === null && !error && <p>Loading…</p>}
      {messages.length > 0 && (
        <section aria-labelledby="console-messages" className="cw-console-app">
          <h2 id="console-messages">Messages to you</h2>
          <ul>
            {messages.slice(0, 10).map((m) => (
              <li key={m.id}>
                <time dateTime={m.at}>{when(m.at)}</time> {m.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      {apps?.map((a) => (
        <section key={a.app} aria-labelledby={`app-${a.app}`} className="cw-console-app">
          <h2 id={`app-${a.app}`}>{a.app}</h2>
          <dl>
            <dt>Stable</dt>
            <dd className="cw-ltr">{a.stable.releaseId}</dd>
            <dt>Canary</dt>
            <dd className="cw-ltr">{a.canary ? `${a.canary.releaseId} at ${a.canary.percent} %` : 'none'}</dd>
            {a.rollout && (
              <>
                <dt>Automatic rollout</dt>
                <dd>
                  {a.rollout.status} — step {a.rollout.percent} % of {a.rollout.steps.join(' → ')} %
                  {a.rollout.statusReason ? ` (${a.rollout.statusReason})` : ''}
                </dd>
                <dt>Held until</dt>
                <dd>{when(a.rollout.holdUntil)}</dd>
                <dt>Next check</dt>
                <dd>{when(a.rollout.nextCheckAt)}</dd>
              </>
            )}
          </dl>
          {a.comparison && (
            <table>
              <caption>
                Canary vs stable: {VERDICT_LABEL[a.comparison.verdict]} ({a.comparison.canary.sessions} vs{' '}
                {a.comparison.stable.sessions} sessions)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Metric</th>
                  <th scope="col">Canary</th>
                  <th scope="col">Stable</th>
                  <th scope="col">z</th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {a.comparison.metrics.map((m) => (
                  <tr key={m.metric}>
                    <th scope="row">{METRIC_LABEL[m.metric] ?? m.metric}</th>
                    <td>{m.metric.endsWith('rate') ? pct(m.canary) : ms(m.canary)}</td>
                    <td>{m.metric.endsWith('rate') ? pct(m.stable) : ms(m.stable)}</td>
                    <td>{m.z === null ? '–' : m.z.toFixed(2)}</td>
                    <td>{VERDICT_LABEL[m.verdict] ?? m.verdict}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {a.series && (
            <div className="cw-console-charts">
              <MinuteChart
                title="Error-session rate"
                canary={a.series.canary}
                stable={a.series.stable}
                value={(p) => (p.sessions ? p.errorSessions / p.sessions : null)}
                format={pct}
              />
              <MinuteChart
                title="Load-failure rate"
                canary={a.series.canary}
                stable={a.series.stable}
                value={(p) => (p.sessions ? p.loadFailures / p.sessions : null)}
                format={pct}
              />
              <MinuteChart
                title="p75 LCP"
                canary={a.series.canary}
                stable={a.series.stable}
                value={(p) => p.lcpP75}
                format={ms}
              />
            </div>
          )}
          <div className="cw-console-actions">
            {a.canary && (
              <button
                type="button"
                onClick={() =>
                  void act(`Promote ${a.canary!.releaseId} to stable for everyone?`, `${a.app}: promoted`, () =>
                    api.promote(a.app),
                  )
                }
              >
                Promote {a.app}
              </button>
            )}
            {a.canary && a.rollout?.status !== 'running' && a.rollout?.status !== 'paused' && (
              <button
                type="button"
                onClick={() =>
                  void act(
                    `Start an automatic rollout of ${a.canary!.releaseId}? It advances while healthy and rolls back by itself when failing.`,
                    `${a.app}: automatic rollout started`,
                    () => api.start(a.app),
                  )
                }
              >
                Start automatic rollout of {a.app}
              </button>
            )}
            {a.rollout?.status === 'running' && (
              <button
                type="button"
                onClick={() =>
                  void act(`Pause the automatic rollout of ${a.app}?`, `${a.app}: rollout paused`, () =>
                    api.pause(a.app),
                  )
                }
              >
                Pause rollout of {a.app}
              </button>
            )}
            {a.rollout?.status === 'paused' && (
              <button
                type="button"
                onClick={() =>
                  void act(`Resume the automatic rollout of ${a.app}?`, `${a.app}: rollout resumed`, () =>
                    api.resume(a.app),
                  )
                }
              >
                Resume rollout of {a.app}
              </button>
            )}
            <button
              type="button"
              className="cw-console-danger"
              onClick={() =>
                void act(
                  `Roll back ${a.app}? ${a.canary ? 'The canary stops for everyone.' : 'Stable goes back to the previous release.'}`,
                  `${a.app}: rolled back`,
                  () => api.rollback(a.app),
                )
              }
            >
              Roll back {a.app}
            </button>
          </div>
          <AuditLog api={api} app={a.app} />
        </section>
      ))}
      {ingest && (
        <p>
          Telemetry events accepted by this API process: {ingest.accepted}; dropped:{' '}
          {Object.entries(ingest.dropped)
            .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`)
            .join(', ')}
        </p>
      )}
    </div>
  );
}

function AuditLog({ api, app }: { api: ConsoleApi; app: string }) {
  const [entries, setEntries] = useState<ReleaseAuditEntry[] | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open)
      void api.audit(app).then(
        (r) => setEntries(r.entries),
        () => setEntries([]),
      );
  }, [api, app, open]);
  return (
    <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Audit log of {app}</summary>
      {entries && (
        <ol className="cw-console-audit">
          {entries.slice(0, 30).map((e, i) => (
            <li key={i}>
              <time dateTime={e.at}>{when(e.at)}</time> <strong>{e.action}</strong>{' '}
              <span className="cw-ltr">{e.releaseId ?? ''}</span> by {e.actor}
              {e.action === 'rollout_rollback' || e.action === 'rollout_advance' ? (
                <Evidence details={e.details} />
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/** Why the rollout acted: the failing (or judged) metrics with their figures. */
function Evidence({ details }: { details: unknown }) {
  const metrics =
    (
      details as {
        metrics?: Array<{
          metric: string;
          verdict: string;
          canary: number | null;
          stable: number | null;
          pValue: number | null;
        }>;
      }
    ).metrics ?? [];
  const shown = metrics.filter((m) => m.verdict === 'failing');
  if (!shown.length) return null;
  return (
    <ul>
      {shown.map((m) => (
        <li key={m.metric}>
          {METRIC_LABEL[m.metric] ?? m.metric}: canary {m.metric.endsWith('rate') ? pct(m.canary) : ms(m.canary)} vs
          stable {m.metric.endsWith('rate') ? pct(m.stable) : ms(m.stable)} (p = {m.pValue?.toExponential(1) ?? '–'})
        </li>
      ))}
    </ul>
  );
}
