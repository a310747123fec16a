import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppOverview } from '@cardwallet/shared/schemas';
import { ConsoleApiError, teamConsoleApi, type ConsoleApi } from './console-api';
import { ReleaseConsole } from './release-console';

const OVERVIEW: AppOverview[] = [
  {
    app: 'mf_card',
    stable: { releaseId: '1.0.0-aaaaaaaaaaaa', version: '1.0.0' },
    canary: { releaseId: '1.1.0-bbbbbbbbbbbb', version: '1.1.0', percent: 25 },
    rollout: {
      id: '3',
      app: 'mf_card',
      releaseId: '1.1.0-bbbbbbbbbbbb',
      steps: [5, 25, 50, 100],
      stepIndex: 1,
      percent: 25,
      stepStartedAt: '2026-11-24T11:30:00.000Z',
      status: 'running',
      statusReason: 'healthy, holding',
      candidateGate: false,
      candidateResult: null,
      createdBy: 'admin:admin',
      createdAt: '2026-11-24T11:00:00.000Z',
      lastCheckedAt: '2026-11-24T11:50:00.000Z',
      holdUntil: '2026-11-24T12:00:00.000Z',
      nextCheckAt: '2026-11-24T11:51:00.000Z',
      lastVerdict: null,
    },
    comparison: {
      verdict: 'failing',
      window: { from: '2026-11-24T11:00:00.000Z', to: '2026-11-24T11:50:00.000Z' },
      canary: {
        releaseId: '1.1.0-bbbbbbbbbbbb',
        sessions: 320,
        errorSessions: 32,
        loadFailures: 0,
        errorRate: 0.1,
        loadFailureRate: 0,
        lcpP75: 2500,
        inpP75: 120,
        clsP75: null,
        vitals: { lcp: 300, inp: 280, cls: 0 },
      },
      stable: {
        releaseId: '1.0.0-aaaaaaaaaaaa',
        sessions: 3000,
        errorSessions: 60,
        loadFailures: 3,
        errorRate: 0.02,
        loadFailureRate: 0.001,
        lcpP75: 2480,
        inpP75: 118,
        clsP75: null,
        vitals: { lcp: 2900, inp: 2700, cls: 0 },
      },
      metrics: [
        {
          metric: 'error_session_rate',
          verdict: 'failing',
          canary: 0.1,
          stable: 0.02,
          n: { canary: 320, stable: 3000 },
          z: 8.81,
          pValue: 1e-18,
        },
        {
          metric: 'lcp_p75',
          verdict: 'healthy',
          canary: 2500,
          stable: 2480,
          n: { canary: 300, stable: 2900 },
          z: 0.2,
          pValue: 0.42,
        },
      ],
    },
    series: null,
  },
  {
    app: 'mf_wallet',
    stable: { releaseId: '2.0.0-cccccccccccc', version: '2.0.0' },
    canary: null,
    rollout: null,
    comparison: null,
    series: null,
  },
];

function fakeApi(): ConsoleApi & { [k: string]: ReturnType<typeof vi.fn> } {
  return {
    overview: vi.fn(async () => ({
      apps: OVERVIEW,
      ingest: { accepted: 1234, dropped: { invalid: 2, rate_limited: 0 } },
    })),
    messages: vi.fn(async () => ({
      messages: [
        {
          id: '1',
          app: 'mf_card',
          text: 'mf_card 0.9.0-dddddddddddd was rolled back at 5 %: lcp_p75 worse than stable 1.0.0-aaaaaaaaaaaa.',
          at: '2026-11-24T10:00:00.000Z',
        },
      ],
    })),
    audit: vi.fn(async () => ({
      entries: [
        {
          action: 'rollout_rollback',
          releaseId: '0.9.0-dddddddddddd',
          actor: 'rollout:3',
          at: '2026-11-24T10:00:00.000Z',
          details: { metrics: [{ metric: 'lcp_p75', verdict: 'failing', canary: 3300, stable: 2500, pValue: 1e-8 }] },
        },
      ],
    })),
    promote: vi.fn(async () => ({})),
    start: vi.fn(async () => ({})),
    rollback: vi.fn(async () => ({})),
    pause: vi.fn(async () => ({})),
    resume: vi.fn(async () => ({})),
  } as never;
}

describe('release console', () => {
  afterEach(cleanup);
  it('asks for an administrator sign-in (labelled fields) and reports a refusal', async () => {
    const signIn = vi.fn(async (who: { kind: string; username?: string }) => {
      if (who.username !== 'admin') throw new ConsoleApiError('Wrong username, password or code');
    });
    render(<ReleaseConsole api={undefined} signIn={signIn} />);
    await userEvent.type(screen.getByLabelText('Username'), 'mallory');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.type(screen.getByLabelText('One-time code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username, password or code');
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(signIn).toHaveBeenLastCalledWith({ kind: 'admin', username: 'admin', password: 'x', otp: '123456' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a feature team signs in with its app and deploy token instead', async () => {
    const signIn = vi.fn(async () => undefined);
    render(<ReleaseConsole api={undefined} signIn={signIn} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Feature team (deploy token)' }));
    expect(screen.queryByLabelText('One-time code')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('App'), 'mf_wallet');
    await userEvent.type(screen.getByLabelText('Deploy token'), ' cwd_secret ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith({ kind: 'team', app: 'mf_wallet', token: 'cwd_secret' }));
  });

  it('a team’s console calls only its app’s deploy-token routes, with the token', async () => {
    const calls: Array<{ url: string; method: string; token: string | null; body: unknown }> = [];
    const fetcher = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({
        url: String(url),
        method: init?.method ?? 'GET',
        token: headers.get('access-token'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const data = String(url).endsWith('/overview') ? { overview: OVERVIEW[0] } : { messages: [] };
      return new Response(JSON.stringify({ code: 200, msg: 'OK', data }));
    });
    const api = teamConsoleApi('/api/', 'mf_card', () => 'cwd_t', fetcher as typeof fetch);
    expect(await api.overview()).toEqual({ apps: [OVERVIEW[0]], ingest: null });
    await api.messages();
    await api.start('mf_card');
    await api.pause('mf_card');
    await api.resume('mf_card');
    await api.rollback('mf_card');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/releases/mf_card/overview',
      'GET /api/releases/mf_card/rollout',
      'POST /api/releases/mf_card/rollout',
      'POST /api/releases/mf_card/rollout/pause',
      'POST /api/releases/mf_card/rollout/resume',
      'POST /api/releases/mf_card/rollback',
    ]);
    expect(calls.every((c) => c.token === 'cwd_t')).toBe(true);
  });

  it('shows each app’s stable, canary, rollout step and canary-vs-stable comparison', async () => {
    render(<ReleaseConsole api={fakeApi()} signIn={async () => undefined} />);
    const card = await screen.findByRole('region', { name: 'mf_card' });
    expect(card).toHaveTextContent('1.1.0-bbbbbbbbbbbb at 25 %');
    expect(card).toHaveTextContent('running — step 25 % of 5 → 25 → 50 → 100 %');
    const table = screen.getByRole('table', { name: /Canary vs stable: Failing \(320 vs 3000 sessions\)/ });
    expect(table).toHaveTextContent('Error sessions10.00 %2.00 %8.81Failing');
    expect(screen.getByRole('region', { name: 'mf_wallet' })).toHaveTextContent('none');
    expect(screen.queryByRole('button', { name: 'Promote mf_wallet' })).toBeNull();
    // A rollout is already running for mf_card: no second start.
    expect(screen.queryByRole('button', { name: 'Start automatic rollout of mf_card' })).toBeNull();
    // The rollout's message to the admin who started it, and the ingest counters.
    expect(screen.getByRole('region', { name: 'Messages to you' })).toHaveTextContent(
      'was rolled back at 5 %: lcp_p75 worse than stable',
    );
    expect(
      screen.getByText(/Telemetry events accepted by this API process: 1234; dropped: invalid 2, rate limited 0/),
    ).toBeInTheDocument();
  });

  it('promote, pause and roll back act only after confirmation', async () => {
    const api = fakeApi();
    const answers = [false, true, true, true];
    const confirm = vi.fn(() => answers.shift()!);
    render(<ReleaseConsole api={api} signIn={async () => undefined} confirm={confirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Promote mf_card' }));
    expect(confirm).toHaveBeenLastCalledWith('Promote 1.1.0-bbbbbbbbbbbb to stable for everyone?');
    expect(api.promote).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Promote mf_card' }));
    await waitFor(() => expect(api.promote).toHaveBeenCalledWith('mf_card'));
    expect(await screen.findByRole('status')).toHaveTextContent('mf_card: promoted');
    await userEvent.click(screen.getByRole('button', { name: 'Pause rollout of mf_card' }));
    await waitFor(() => expect(api.pause).toHaveBeenCalledWith('mf_card'));
    await userEvent.click(screen.getByRole('button', { name: 'Roll back mf_card' }));
    await waitFor(() => expect(api.rollback).toHaveBeenCalledWith('mf_card'));
  });

  it('the audit log shows why an automatic rollout rolled back', async () => {
    const api = fakeApi();
    render(<ReleaseConsole api={api} signIn={async () => undefined} />);
    const card = await screen.findByRole('region', { name: 'mf_card' });
    await userEvent.click(screen.getByText('Audit log of mf_card'));
    await waitFor(() => expect(api.audit).toHaveBeenCalledWith('mf_card'));
    await waitFor(() => expect(card).toHaveTextContent('p75 LCP: canary 3300 ms vs stable 2500 ms (p = 1.0e-8)'));
  });

  it('starts an automatic rollout of a canary that has none running, after confirmation', async () => {
    const api = fakeApi();
    vi.mocked(api.overview).mockResolvedValue({
      apps: [{ ...OVERVIEW[0]!, rollout: { ...OVERVIEW[0]!.rollout!, status: 'rolled_back' } }],
      ingest: { accepted: 0, dropped: {} },
    });
    render(<ReleaseConsole api={api} signIn={async () => undefined} confirm={() => true} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start automatic rollout of mf_card' }));
    await waitFor(() => expect(api.start).toHaveBeenCalledWith('mf_card'));
    expect(screen.queryByRole('button', { name: 'Pause rollout of mf_card' })).toBeNull();
  });
});
