import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index.js';

/**
 * Background work that must happen ONCE however many API processes run (sandbox chain blocks,
 * card recovery, sandbox KYC webhooks, the idempotency purge): every process schedules every job,
 * and a tick runs the job only in the process that holds the job's PostgreSQL advisory lock.
 *
 * - The lock is a session lock (`pg_try_advisory_lock(namespace, hashtext(job))`) on one dedicated
 *   connection per process, the "lease connection". Whoever takes it first keeps it: leadership is
 *   sticky, so a job does not hop between processes.
 * - Every tick re-asserts the lock through that connection before running the task, so a leader
 *   whose connection is gone stops at once instead of running on with a lock it no longer has.
 * - When the leader dies (kill -9, crash, lost network) PostgreSQL ends its session and drops the
 *   lock; the next tick of any other process takes it over — within one interval of the job. A
 *   graceful stop releases the locks at once (`stop()`, SIGTERM in main.ts).
 * - On PGlite there is only ever one process per data directory (DataDirLock), which always leads.
 *
 * Ticks of one job never overlap within a process. The tasks themselves stay safe if they ever ran
 * twice (status-guarded updates, unique refs): the lock removes duplicate work, not the guards.
 * Domain-event consumers do not use this: their deliveries are claimed row by row with
 * `FOR UPDATE SKIP LOCKED`, so every process shares that work (src/events/domain-events.ts).
 */
export interface JobScheduler {
  /** Runs `task` every `intervalMs` in exactly one of the API processes; `intervalMs <= 0` disables it. */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
}

/** Advisory-lock namespace of background jobs ("CWJB"); the two-key form never collides with single-key locks. */
export const JOB_LOCK_NAMESPACE = 0x43574a42;

interface Job {
  name: string;
  intervalMs: number;
  task: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  runs: number;
}

export interface BackgroundJobsOptions {
  database: Database;
  /** The PostgreSQL URL the lease connection opens (the pool's own). Unused on PGlite. */
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}

export class BackgroundJobs implements JobScheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly held = new Set<string>();
  private started = false;
  private stopping = false;
  private lease: pg.Client | undefined;
  private connecting: Promise<pg.Client | undefined> | undefined;

  constructor(private readonly options: BackgroundJobsOptions) {}

  every(name: string, intervalMs: number, task: () => Promise<unknown>): void {
    if (this.jobs.has(name)) throw new Error(`background job "${name}" registered twice`);
    if (!(intervalMs > 0)) return;
    const job: Job = { name, intervalMs, task, runs: 0 };
    this.jobs.set(name, job);
    if (this.started && !this.stopping) this.schedule(job);
  }

  /** Starts every job's timer (on app ready); idempotent. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Jobs this process leads right now (diagnostics, tests). */
  leading(): string[] {
    return this.options.database.driver === 'pglite' ? [...this.jobs.keys()] : [...this.held].sort();
  }

  /** How often each job's task ran in this process. */
  runs(): Record<string, number> {
    return Object.fromEntries([...this.jobs.values()].map((j) => [j.name, j.runs]));
  }

  /** Stops scheduling, waits for running tasks, then releases every lock (another process takes over). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const job of this.jobs.values()) {
      if (job.timer) clearInterval(job.timer);
      job.timer = undefined;
    }
    await Promise.all([...this.jobs.values()].map((j) => j.running));
    await this.connecting;
    const lease = this.lease;
    this.lease = undefined;
    this.held.clear();
    // Ending the session releases its advisory locks.
    await lease?.end().catch(() => undefined);
  }

  /** One tick of a job, run by hand (tests): leads or not, exactly as the timer would. */
  async tick(name: string): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown background job "${name}"`);
    const before = job.runs;
    await this.runOnce(job);
    return job.runs > before;
  }

  private schedule(job: Job): void {
    job.timer = setInterval(() => void this.runOnce(job), job.intervalMs);
    job.timer.unref();
  }

  private runOnce(job: Job): Promise<void> {
    if (job.running) return job.running;
    if (this.stopping) return Promise.resolve();
    job.running = (async () => {
      try {
        if (!(await this.lead(job.name))) return;
        await job.task();
        job.runs++;
      } catch (err) {
        this.options.log.warn({ err, job: job.name }, 'background job failed (runs again next interval)');
      }
    })().finally(() => {
      job.running = undefined;
    });
    return job.running;
  }

  /** Takes or re-asserts the job's lock on the lease connection; false when another process holds it. */
  private async lead(name: string): Promise<boolean> {
    if (this.options.database.driver === 'pglite') return true;
    const lease = await this.connection();
    if (!lease) return false;
    const had = this.held.has(name);
    try {
      // Session locks stack: when we already hold it, take it again and drop the extra count (CASE fixes
      // the order: lock first), so the query proves the connection — and with it the lock — is alive
      // and keeps the count at one.
      const { rows } = await lease.query<{ ok: boolean }>(
        `SELECT CASE WHEN pg_try_advisory_lock($1, hashtext($2))
                     THEN CASE WHEN $3::boolean THEN pg_advisory_unlock($1, hashtext($2)) ELSE true END
                     ELSE false END AS ok`,
        [JOB_LOCK_NAMESPACE, name, had],
      );
      const ok = rows[0]?.ok === true;
      if (ok && !had) {
        this.held.add(name);
        this.options.log.info({ job: name, pid: process.pid }, 'background job: this process leads it now');
      } else if (!ok && had) {
        this.held.delete(name);
      }
      return ok;
    } catch (err) {
      this.dropLease(lease, err);
      return false;
    }
  }

  private async connection(): Promise<pg.Client | undefined> {
    if (this.lease) return this.lease;
    if (this.stopping) return undefined;
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.options.databaseUrl,
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
      });
      client.on('error', (err) => this.dropLease(client, err));
      client.on('end', () => this.dropLease(client));
      try {
        await client.connect();
        await client.query(`SET application_name = 'cardwallet-jobs'`);
      } catch (err) {
        this.options.log.warn({ err }, 'background jobs: lease connection failed (retried next tick)');
        await client.end().catch(() => undefined);
        return undefined;
      }
      if (this.stopping) {
        await client.end().catch(() => undefined);
        return undefined;
      }
      this.lease = client;
      return client;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** The lease connection is gone: so is every lock it held. */
  private dropLease(client: pg.Client, err?: unknown): void {
    if (this.lease !== client) return;
    this.lease = undefined;
    if (this.held.size > 0 && !this.stopping) {
      this.options.log.warn(
        { err, jobs: [...this.held] },
        'background jobs: lease connection lost; leadership given up',
      );
    }
    this.held.clear();
    client.end().catch(() => undefined);
  }
}
