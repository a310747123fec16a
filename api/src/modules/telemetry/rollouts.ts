import type {
  CanaryAnalysis,
  CanaryMinuteSeries,
  RolloutCandidateResult,
  RolloutMessage,
  RolloutRecord,
  RolloutStatus,
} from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../../db/index.js';
import type { Clock } from '../../http/clock.js';
import { appByName } from '../releases/apps.js';
import { ReleaseError, type ReleaseService } from '../releases/service.js';
import { analyse, cohortTotals, minuteSeries } from './analysis.js';
import type { TelemetryConfig } from './config.js';
import type { TelemetryIngest } from './ingest.js';

type Row = {
  id: string;
  app: string;
  release_id: string;
  steps: number[];
  step_index: number;
  step_started_at: string | Date;
  status: RolloutStatus;
  status_reason: string | null;
  created_by: string;
  created_at: string | Date;
  last_checked_at: string | Date | null;
  next_check_at: string | Date | null;
  last_verdict: CanaryAnalysis | null;
  candidate_gate: boolean;
  candidate_result: RolloutCandidateResult | null;
};

const COLUMNS = `id::text, app, release_id, steps, step_index, step_started_at, status, status_reason, created_by, created_at, last_checked_at, next_check_at, last_verdict, candidate_gate, candidate_result`;
const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** A refusal of a rollout operation (the route turns it into an envelope error). */
export class RolloutError extends Error {
  constructor(
    readonly kind: 'conflict' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'RolloutError';
  }
}

/**
 * Automatic rollouts (issue 25): a canary goes through `steps` (5 → 25 → 50 → 100 % by default),
 * each held at least `stepHoldMinutes`, advanced by `tick()` only while the analysis says healthy;
 * a failing verdict stops the canary at once (everyone back on stable), stops the rollout and
 * writes the evidence to the release audit log and a message to whoever started it.
 * A person's promote, rollback or percentage change wins: every change the job makes is made only
 * if the app's canary is still the rollout's (checked under the release lock), and the next tick
 * sees the person's change and stops or pauses the rollout.
 */
export class RolloutService {
  constructor(
    private readonly sql: SqlDatabase,
    private readonly releases: ReleaseService,
    private readonly ingest: TelemetryIngest,
    private readonly clock: Clock,
    private readonly cfg: TelemetryConfig,
  ) {}

  private toRollout(r: Row): RolloutRecord {
    const steps = r.steps.map(Number);
    const stepIndex = Number(r.step_index);
    return {
      id: r.id,
      app: r.app,
      releaseId: r.release_id,
      steps,
      stepIndex,
      // Waiting for the candidate run, the release is a 0 % canary (only cw_candidate clients get it).
      percent: r.status === 'awaiting_candidate' ? 0 : steps[stepIndex]!,
      stepStartedAt: iso(r.step_started_at)!,
      status: r.status,
      statusReason: r.status_reason,
      createdBy: r.created_by,
      createdAt: iso(r.created_at)!,
      lastCheckedAt: iso(r.last_checked_at),
      nextCheckAt: iso(r.next_check_at),
      holdUntil: new Date(new Date(r.step_started_at).getTime() + this.cfg.stepHoldMinutes * 60_000).toISOString(),
      lastVerdict: r.last_verdict,
      candidateGate: r.candidate_gate,
      candidateResult: r.candidate_result,
    };
  }

  private audit(
    tx: SqlRunner,
    app: string,
    action: string,
    releaseId: string,
    actor: string,
    details: Record<string, unknown>,
  ) {
    return tx.query(
      `insert into release_audit (app, action, release_id, actor, details) values ($1, $2, $3, $4, $5::jsonb)`,
      [app, action, releaseId, actor, JSON.stringify(details)],
    );
  }

  private message(tx: SqlRunner, recipient: string, app: string, text: string, details: Record<string, unknown>) {
    return tx.query(`insert into release_messages (recipient, app, text, details) values ($1, $2, $3, $4::jsonb)`, [
      recipient,
      app,
      text,
      JSON.stringify(details),
    ]);
  }

  /** Starts an automatic rollout of `releaseId` (or of the running canary) at the first step. */
  async start(input: {
    app: string;
    releaseId?: string;
    steps?: number[];
    actor: string;
    /** Hold the release at a 0 % canary until the cross-app e2e candidate run reports a pass. */
    candidateGate?: boolean;
  }): Promise<RolloutRecord> {
    const app = appByName(input.app);
    if (!app) throw new RolloutError('not_found', `unknown app ${input.app}`);
    const steps = input.steps ?? this.cfg.steps;
    if (
      steps.length < 2 ||
      steps[steps.length - 1] !== 100 ||
      steps.some((p, i) => p < 1 || p > 100 || (i > 0 && p <= steps[i - 1]!))
    ) {
      throw new RolloutError('conflict', 'steps must rise strictly from 1 and end with 100');
    }
    const channel = await this.releases.channel(app.name).catch(() => undefined);
    const releaseId = input.releaseId ?? channel?.canary?.releaseId;
    if (!releaseId) throw new RolloutError('conflict', `${app.name} has no canary; name the release to roll out`);
    const now = this.clock.now();
    const gated = input.candidateGate ?? false;
    let id: string;
    try {
      [{ id }] = (await this.sql.query<{ id: string }>(
        `insert into release_rollouts (app, release_id, steps, step_index, step_started_at, status, created_by, created_at, next_check_at, candidate_gate)
         values ($1, $2, $3::int[], 0, $4, $6, $5, $4, case when $7 then null else $4::timestamptz end, $7) returning id::text`,
        [app.name, releaseId, steps, now.toISOString(), input.actor, gated ? 'awaiting_candidate' : 'running', gated],
      )) as [{ id: string }];
    } catch (e) {
      if (/release_rollouts_active_idx|duplicate key|unique/i.test(String((e as Error).message)))
        throw new RolloutError('conflict', `${app.name} already has an automatic rollout; pause or stop it first`);
      throw e;
    }
    try {
      await this.releases.promote(
        app.name,
        input.actor,
        gated ? { releaseId, candidateOnly: true } : { releaseId, percent: steps[0] },
      );
    } catch (e) {
      await this.sql.query(`update release_rollouts set status = 'superseded', status_reason = $2 where id = $1`, [
        id,
        `could not start: ${(e as Error).message}`,
      ]);
      if (e instanceof ReleaseError)
        throw new RolloutError(
          e.kind === 'not_found' ? 'not_found' : 'conflict',
          e.reasons.length ? e.reasons.join('; ') : e.message,
        );
      throw e;
    }
    await this.audit(this.sql, app.name, 'rollout_start', releaseId, input.actor, {
      rolloutId: id,
      steps,
      holdMinutes: this.cfg.stepHoldMinutes,
      candidateGate: gated,
    });
    return (await this.byId(id))!;
  }

  async byId(id: string): Promise<RolloutRecord | undefined> {
    const [row] = await this.sql.query<Row>(`select ${COLUMNS} from release_rollouts where id = $1`, [id]);
    return row ? this.toRollout(row) : undefined;
  }

  /** The active (running or paused) rollout of each app, or its most recent one. */
  async latest(): Promise<RolloutRecord[]> {
    const rows = await this.sql.query<Row>(
      `select distinct on (app) ${COLUMNS} from release_rollouts r order by r.app, r.id desc`,
    );
    return rows.map((r) => this.toRollout(r));
  }

  /** Pause (the canary stays where it is) or resume (the current step's hold starts again). */
  async setPaused(appName: string, paused: boolean, actor: string): Promise<RolloutRecord> {
    const from = paused ? 'running' : 'paused';
    const now = this.clock.now().toISOString();
    const [row] = await this.sql.query<Row>(
      `update release_rollouts set status = $2, status_reason = $3, step_started_at = case when $2 = 'running' then $4::timestamptz else step_started_at end
        where app = $1 and status = $5 returning ${COLUMNS}`,
      [appName, paused ? 'paused' : 'running', paused ? `paused by ${actor}` : null, now, from],
    );
    if (!row) throw new RolloutError('conflict', `${appName} has no ${from} automatic rollout`);
    await this.audit(this.sql, row.app, paused ? 'rollout_pause' : 'rollout_resume', row.release_id, actor, {
      rolloutId: row.id,
    });
    return this.toRollout(row);
  }

  /** The app's active rollout, or its most recent one. */
  async current(appName: string): Promise<RolloutRecord | undefined> {
    const [row] = await this.sql.query<Row>(
      `select ${COLUMNS} from release_rollouts r where app = $1 order by (status in ('awaiting_candidate', 'running', 'paused')) desc, r.id desc limit 1`,
      [appName],
    );
    return row ? this.toRollout(row) : undefined;
  }

  /**
   * The cross-app e2e candidate run's result (issue 25): a pass starts the first step; a failure
   * stops the 0 % canary and ends the rollout. Claimed on the rollout row first, so two reports (CI
   * retried, or a pass racing a failure) end in one outcome: the first.
   */
  async reportCandidate(
    appName: string,
    result: { passed: boolean; report?: string | null },
    actor: string,
  ): Promise<RolloutRecord> {
    const now = this.clock.now().toISOString();
    const recorded: RolloutCandidateResult = {
      passed: result.passed,
      report: result.report ?? null,
      by: actor,
      at: now,
    };
    const [row] = await this.sql.query<Row>(
      `update release_rollouts set status = $2, status_reason = $3, candidate_result = $4::jsonb, step_started_at = $5,
          next_check_at = case when $2 = 'running' then $5::timestamptz end, last_checked_at = $5
        where app = $1 and status = 'awaiting_candidate' returning ${COLUMNS}`,
      [
        appName,
        result.passed ? 'running' : 'rolled_back',
        result.passed ? 'candidate run passed' : 'candidate run failed',
        JSON.stringify(recorded),
        now,
      ],
    );
    if (!row) throw new RolloutError('conflict', `${appName} has no automatic rollout waiting for its candidate run`);
    const r = this.toRollout(row);
    try {
      if (result.passed) await this.releases.promote(r.app, actor, { expectCanary: r.releaseId, percent: r.steps[0] });
      else await this.releases.rollback(r.app, actor, { expectCanary: r.releaseId });
    } catch (e) {
      if (!(e instanceof ReleaseError && e.kind === 'conflict')) throw e;
      // A person changed the canary while the run was going: theirs stands.
      await this.sql.query(
        `update release_rollouts set status = 'superseded', status_reason = 'canary stopped or replaced by hand', next_check_at = null where id = $1`,
        [r.id],
      );
      throw new RolloutError('conflict', `the canary of ${r.app} changed while its candidate run was going`);
    }
    await this.sql.transaction(async (tx) => {
      await this.audit(
        tx,
        r.app,
        result.passed ? 'rollout_candidate_passed' : 'rollout_candidate_failed',
        r.releaseId,
        actor,
        { rolloutId: r.id, report: recorded.report },
      );
      if (!result.passed)
        await this.message(
          tx,
          r.createdBy,
          r.app,
          `${r.app} ${r.releaseId} was not rolled out: its cross-app e2e candidate run failed.`,
          { rolloutId: r.id, report: recorded.report },
        );
    });
    return (await this.byId(r.id))!;
  }

  async messages(recipient: string, limit = 50): Promise<RolloutMessage[]> {
    const rows = await this.sql.query<{ id: string; app: string; text: string; details: unknown; at: string | Date }>(
      `select id::text, app, text, details, at from release_messages m where recipient = $1 order by m.id desc limit $2`,
      [recipient, limit],
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  }

  /** The app's channel with a canary, and when the canary's latest rollout started (if it has one). */
  private async window(appName: string) {
    const channel = await this.releases.channel(appName).catch(() => undefined);
    if (!channel?.canary) return null;
    const [active] = await this.sql.query<{ created_at: string | Date }>(
      `select created_at from release_rollouts where app = $1 and release_id = $2 order by release_rollouts.id desc limit 1`,
      [appName, channel.canary.releaseId],
    );
    return {
      channel: { ...channel, canary: channel.canary },
      now: this.clock.now(),
      rolloutStart: active ? new Date(active.created_at) : null,
    };
  }

  /** The live comparison of an app's canary with its stable release (console), over the rollout's or the last hour's minutes. */
  async compare(appName: string): Promise<CanaryAnalysis | null> {
    const w = await this.window(appName);
    if (!w) return null;
    const { channel, now } = w;
    const from = w.rolloutStart ?? new Date(now.getTime() - 3_600_000);
    const [c, s] = await Promise.all([
      cohortTotals(this.sql, appName, channel.canary.releaseId, from, now),
      cohortTotals(this.sql, appName, channel.stable.releaseId, from, now),
    ]);
    return analyse(c, s, this.cfg, { from, to: now });
  }

  /**
   * The canary's and the stable release's minutes over the same window as `compare` (at most the
   * last 60 minutes of it), for the console's charts.
   */
  async series(appName: string): Promise<CanaryMinuteSeries | null> {
    const w = await this.window(appName);
    if (!w) return null;
    const { channel, now } = w;
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const from = w.rolloutStart && w.rolloutStart > hourAgo ? w.rolloutStart : hourAgo;
    const [canary, stable] = await Promise.all([
      minuteSeries(this.sql, appName, channel.canary.releaseId, from, now),
      minuteSeries(this.sql, appName, channel.stable.releaseId, from, now),
    ]);
    return { canary, stable };
  }

  /** One analysis round over every running rollout (the background job; tests call it with a moved clock). */
  async tick(): Promise<
    Array<{
      app: string;
      action: 'none' | 'advanced' | 'completed' | 'rolled_back' | 'paused' | 'stopped';
      verdict?: CanaryAnalysis['verdict'];
    }>
  > {
    await this.ingest.flush();
    const rows = await this.sql.query<Row>(
      `select ${COLUMNS} from release_rollouts where status in ('running', 'awaiting_candidate') order by release_rollouts.id`,
    );
    const out = [];
    for (const row of rows) out.push({ app: row.app, ...(await this.step(this.toRollout(row))) });
    return out;
  }

  private async setStatus(
    r: RolloutRecord,
    status: RolloutStatus,
    reason: string,
    extra: { stepIndex?: number; verdict?: CanaryAnalysis } = {},
  ) {
    const now = this.clock.now();
    await this.sql.query(
      `update release_rollouts set status = $2, status_reason = $3, step_index = coalesce($4, step_index),
         step_started_at = case when $4::int is not null then $5::timestamptz else step_started_at end,
         last_verdict = coalesce($6::jsonb, last_verdict), last_checked_at = $5, next_check_at = case when $2 = 'running' then $7::timestamptz end
       where id = $1 and status in ('running', 'awaiting_candidate')`,
      [
        r.id,
        status,
        reason,
        extra.stepIndex ?? null,
        now.toISOString(),
        extra.verdict ? JSON.stringify(extra.verdict) : null,
        new Date(now.getTime() + this.cfg.analysisIntervalMs).toISOString(),
      ],
    );
  }

  private async step(r: RolloutRecord): Promise<{
    action: 'none' | 'advanced' | 'completed' | 'rolled_back' | 'paused' | 'stopped';
    verdict?: CanaryAnalysis['verdict'];
  }> {
    const actor = `rollout:${r.id}`;
    const channel = await this.releases.channel(r.app).catch(() => undefined);
    // A person changed the channel since the last tick: their decision stands.
    if (!channel?.canary || channel.canary.releaseId !== r.releaseId) {
      const promoted = channel?.stable.releaseId === r.releaseId;
      await this.setStatus(
        r,
        promoted ? 'completed' : 'superseded',
        promoted ? 'promoted by hand' : 'canary stopped or replaced by hand',
      );
      await this.audit(this.sql, r.app, 'rollout_stop', r.releaseId, actor, {
        rolloutId: r.id,
        reason: promoted ? 'promoted by hand' : 'canary stopped or replaced by hand',
      });
      return { action: 'stopped' };
    }
    if (channel.canary.percent !== r.percent) {
      await this.setStatus(r, 'paused', `percentage changed by hand to ${channel.canary.percent} %`);
      await this.audit(this.sql, r.app, 'rollout_pause', r.releaseId, actor, {
        rolloutId: r.id,
        reason: 'percentage changed by hand',
        percent: channel.canary.percent,
      });
      return { action: 'paused' };
    }
    // Waiting for the candidate run: nothing to judge yet (no cohort gets a 0 % canary).
    if (r.status === 'awaiting_candidate') return { action: 'none' };
    const now = this.clock.now();
    // Judged on what real cohorts saw: from the start, or from the candidate run's pass (its own sessions excluded).
    const from = new Date(r.candidateResult?.at ?? r.createdAt);
    const [c, s] = await Promise.all([
      cohortTotals(this.sql, r.app, r.releaseId, from, now),
      cohortTotals(this.sql, r.app, channel.stable.releaseId, from, now),
    ]);
    const verdict = analyse(c, s, this.cfg, { from, to: now });
    const evidence = {
      rolloutId: r.id,
      step: r.percent,
      window: verdict.window,
      canary: verdict.canary,
      stable: verdict.stable,
      metrics: verdict.metrics,
    };

    // Each decision is first claimed on the rollout row (a guarded update of its step or status),
    // so two overlapping rounds — if the job lock ever failed — cannot both act on one step.
    if (verdict.verdict === 'failing') {
      const failed = verdict.metrics.filter((m) => m.verdict === 'failing').map((m) => m.metric);
      const [claimed] = await this.sql.query<{ id: string }>(
        `update release_rollouts set status = 'rolled_back', status_reason = $3, last_verdict = $4::jsonb, last_checked_at = $5, next_check_at = null
          where id = $1 and status = 'running' and step_index = $2 returning id::text`,
        [r.id, r.stepIndex, `failing: ${failed.join(', ')}`, JSON.stringify(verdict), now.toISOString()],
      );
      if (!claimed) return { action: 'none', verdict: verdict.verdict };
      try {
        await this.releases.rollback(r.app, actor, { expectCanary: r.releaseId });
      } catch (e) {
        if (!(e instanceof ReleaseError && e.kind === 'conflict')) throw e;
        // A person changed the channel meanwhile: theirs stands.
        await this.sql.query(
          `update release_rollouts set status = 'superseded', status_reason = 'canary stopped or replaced by hand' where id = $1`,
          [r.id],
        );
        return { action: 'stopped', verdict: verdict.verdict };
      }
      await this.sql.transaction(async (tx) => {
        await this.audit(tx, r.app, 'rollout_rollback', r.releaseId, actor, evidence);
        await this.message(
          tx,
          r.createdBy,
          r.app,
          `${r.app} ${r.releaseId} was rolled back at ${r.percent} %: ${failed.join(', ')} worse than stable ${channel.stable.releaseId}.`,
          evidence,
        );
      });
      return { action: 'rolled_back', verdict: verdict.verdict };
    }
    const held = now.getTime() >= new Date(r.holdUntil).getTime();
    if (verdict.verdict === 'healthy' && held) {
      const nextIndex = r.stepIndex + 1;
      const next = r.steps[nextIndex]!;
      const [claimed] = await this.sql.query<{ id: string }>(
        `update release_rollouts set step_index = $3, step_started_at = $4 where id = $1 and status = 'running' and step_index = $2 returning id::text`,
        [r.id, r.stepIndex, nextIndex, now.toISOString()],
      );
      if (!claimed) return { action: 'none', verdict: verdict.verdict };
      try {
        await this.releases.promote(r.app, actor, { expectCanary: r.releaseId, percent: next });
      } catch (e) {
        // Changed by hand meanwhile: undo the claim; the next round sees the person's change.
        await this.sql.query(`update release_rollouts set step_index = $2 where id = $1 and step_index = $3`, [
          r.id,
          r.stepIndex,
          nextIndex,
        ]);
        if (e instanceof ReleaseError && e.kind === 'conflict') return { action: 'none', verdict: verdict.verdict };
        throw e;
      }
      await this.audit(this.sql, r.app, 'rollout_advance', r.releaseId, actor, { ...evidence, to: next });
      if (next >= 100) {
        await this.sql.transaction((tx) =>
          this.message(
            tx,
            r.createdBy,
            r.app,
            `${r.app} ${r.releaseId} is stable for everyone after an automatic rollout.`,
            evidence,
          ),
        );
        await this.setStatus(r, 'completed', 'reached 100 %', { verdict });
        return { action: 'completed', verdict: verdict.verdict };
      }
      await this.setStatus(r, 'running', `advanced to ${next} %`, { verdict });
      return { action: 'advanced', verdict: verdict.verdict };
    }
    await this.setStatus(
      r,
      'running',
      verdict.verdict === 'healthy' ? 'healthy, holding' : 'waiting for the minimum sample',
      { verdict },
    );
    return { action: 'none', verdict: verdict.verdict };
  }
}
