import { createHash } from 'node:crypto';
import type { ReleaseAuditEntry } from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../../db/index.js';
import { hashToken, newToken } from '../../security/tokens.js';
import { FEATURE_APPS, appByName, type FeatureAppInfo } from './apps.js';
import { checkRelease, type GateResult } from './gates.js';
import { notifyRegistryChange, RegistryCache } from './registry-cache.js';
import type { ReleaseFile, ReleaseStore } from './store.js';

/** A refusal the API turns into an envelope error and the CLI prints. */
export class ReleaseError extends Error {
  constructor(
    readonly kind: 'gate' | 'conflict' | 'not_found',
    message: string,
    readonly reasons: string[] = [],
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}

export interface ReleaseRecord {
  app: string;
  releaseId: string;
  version: string;
  contractVersion: string;
  contractMajor: number;
  checksum: string;
  fileCount: number;
  createdBy: string;
  createdAt: string;
}

export interface ChannelState {
  app: string;
  stable: ReleaseRecord;
  canary: (ReleaseRecord & { percent: number }) | null;
}

export interface ResolvedRemote {
  name: string;
  routePrefix: string;
  manifestUrl: string;
  contractMajor: number;
  version: string;
  releaseId: string;
  channel: 'stable' | 'canary';
}

/** Sticky bucket 0‥9999 of a cohort id for one app (salted per app, so canaries are independent). */
export function cohortBucket(app: string, cohortId: string): number {
  return createHash('sha256').update(`${app}:${cohortId}`).digest().readUInt32BE(0) % 10_000;
}

export function inCanary(app: string, cohortId: string, percent: number): boolean {
  return cohortBucket(app, cohortId) < percent * 100;
}

/** sha256 over the sorted (path, sha256) list: the identity of a build's content. */
export function releaseChecksum(files: ReleaseFile[]): {
  checksum: string;
  manifest: Array<{ path: string; size: number; sha256: string }>;
} {
  const manifest = files
    .map((f) => ({ path: f.path, size: f.body.length, sha256: createHash('sha256').update(f.body).digest('hex') }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const checksum = createHash('sha256')
    .update(manifest.map((m) => `${m.path}\0${m.sha256}`).join('\n'))
    .digest('hex');
  return { checksum, manifest };
}

const VERSION_RE = /^[0-9A-Za-z.+-]{1,64}$/;

type ReleaseRow = {
  id: string;
  app: string;
  release_id: string;
  version: string;
  contract_version: string;
  contract_major: number;
  checksum: string;
  file_count: number;
  created_by: string;
  created_at: string | Date;
};

const RELEASE_COLUMNS = `r.id::text as id, r.app, r.release_id, r.version, r.contract_version, r.contract_major::int as contract_major, r.checksum,
  jsonb_array_length(r.files)::int as file_count, r.created_by, r.created_at`;

function toRecord(row: ReleaseRow): ReleaseRecord {
  return {
    app: row.app,
    releaseId: row.release_id,
    version: row.version,
    contractVersion: row.contract_version,
    contractMajor: Number(row.contract_major),
    checksum: row.checksum,
    fileCount: Number(row.file_count),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface ReleaseServiceOptions {
  /** Where clients fetch release files: `/remotes/` (served by this process) or a CDN base URL. */
  publicBaseUrl: string;
  /** How long the in-memory registry may be used without a change notification (default 5 s). */
  registryCacheMs?: number;
}

/**
 * The release registry: every release of every app, the stable and canary pointer per app, the
 * stable history that rollback walks back, per-app deploy tokens and the audit log.
 */
export class ReleaseService {
  constructor(
    private readonly sql: SqlDatabase,
    readonly store: ReleaseStore,
    private readonly opts: ReleaseServiceOptions,
  ) {
    this.registry = new RegistryCache(() => this.channels(), { maxAgeMs: opts.registryCacheMs ?? 5_000 });
  }

  /** Every app's stable and canary, from memory (registry-cache.ts): what resolve() picks from. */
  readonly registry: RegistryCache<ChannelState[]>;

  /** Runs a registry-changing transaction: announced to every process on commit, dropped here at once. */
  private async changing<T>(app: string, fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    try {
      return await this.sql.transaction(async (tx) => {
        const result = await fn(tx);
        await notifyRegistryChange(tx, app);
        return result;
      });
    } finally {
      this.registry.invalidate();
    }
  }

  /** Origins client scripts come from (for the CSP): empty when served by this process. */
  scriptOrigins(): string[] {
    try {
      const url = new URL(this.opts.publicBaseUrl);
      return [url.origin];
    } catch {
      return [];
    }
  }

  manifestUrl(app: FeatureAppInfo, releaseId: string): string {
    const base = this.opts.publicBaseUrl.endsWith('/') ? this.opts.publicBaseUrl : `${this.opts.publicBaseUrl}/`;
    return `${base}${app.short}/${releaseId}/mf-manifest.json`;
  }

  private async audit(
    tx: SqlRunner,
    app: string,
    action: string,
    releaseId: string | null,
    actor: string,
    details: Record<string, unknown> = {},
  ) {
    await tx.query(
      `insert into release_audit (app, action, release_id, actor, details) values ($1, $2, $3, $4, $5::jsonb)`,
      [app, action, releaseId, actor, JSON.stringify(details)],
    );
  }

  /**
   * Gates, publishes immutably and registers one build. `mode`: `stable` (straight to everyone —
   * also what the first release of an app becomes), `canary` with a percentage, or `none`
   * (registered only). Publishing the same content again returns the existing release.
   */
  async release(input: {
    app: string;
    version: string;
    files: ReleaseFile[];
    actor: string;
    mode: { kind: 'stable' } | { kind: 'canary'; percent: number } | { kind: 'none' };
  }): Promise<{ release: ReleaseRecord; created: boolean; gate: GateResult }> {
    const app = appByName(input.app);
    if (!app) throw new ReleaseError('not_found', `unknown app ${input.app}`);
    if (!VERSION_RE.test(input.version))
      throw new ReleaseError('gate', 'invalid version', ['version must be 1–64 characters of 0-9 A-Z a-z . + -']);
    const gate = checkRelease(app, input.files);
    if (!gate.ok) {
      await this.audit(this.sql, app.name, 'refused', null, input.actor, {
        version: input.version,
        reasons: gate.reasons,
      });
      throw new ReleaseError('gate', `release of ${app.name} refused`, gate.reasons);
    }
    const { checksum, manifest } = releaseChecksum(input.files);
    const releaseId = `${input.version}-${checksum.slice(0, 12)}`;
    // Files first, registry second: a registered release is always complete in the store.
    await this.store.publish(app.short, releaseId, input.files);
    const info = gate.buildInfo!;
    return this.changing(app.name, async (tx) => {
      // One release operation per app at a time (two apps proceed in parallel).
      await tx.query(`select pg_advisory_xact_lock(hashtext('release:' || $1))`, [app.name]);
      const [existing] = await tx.query<ReleaseRow>(
        `select ${RELEASE_COLUMNS} from releases r where r.app = $1 and r.checksum = $2`,
        [app.name, checksum],
      );
      let record: ReleaseRecord;
      let created = false;
      if (existing) record = toRecord(existing);
      else {
        const [row] = await tx.query<ReleaseRow>(
          `insert into releases as r (app, release_id, version, contract_version, contract_major, route_prefix, files, checksum, created_by)
           values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) returning ${RELEASE_COLUMNS}`,
          [
            app.name,
            releaseId,
            input.version,
            info.contractVersion,
            info.contractMajor,
            info.routePrefix,
            JSON.stringify(manifest),
            checksum,
            input.actor,
          ],
        );
        record = toRecord(row!);
        created = true;
        await this.audit(tx, app.name, 'release', record.releaseId, input.actor, {
          version: input.version,
          checksum,
          files: manifest.length,
        });
      }
      const [channel] = await tx.query<{ stable_release_id: string }>(
        `select stable_release_id::text from release_channels where app = $1 for update`,
        [app.name],
      );
      const mode = !channel ? { kind: 'stable' as const } : input.mode;
      // Re-publishing what is already stable (a CI retry) changes nothing.
      if (existing && channel && mode.kind !== 'stable' && channel.stable_release_id === existing.id)
        return { release: record, created, gate };
      if (mode.kind === 'stable') await this.makeStable(tx, app.name, record.releaseId, input.actor);
      else if (mode.kind === 'canary')
        await this.setCanaryIn(tx, app.name, record.releaseId, mode.percent, input.actor);
      return { release: record, created, gate };
    });
  }

  private async releaseRowId(tx: SqlRunner, app: string, releaseId: string): Promise<string> {
    const [row] = await tx.query<{ id: string }>(`select id::text from releases where app = $1 and release_id = $2`, [
      app,
      releaseId,
    ]);
    if (!row) throw new ReleaseError('not_found', `${app} has no release ${releaseId}`);
    return row.id;
  }

  private async makeStable(tx: SqlRunner, app: string, releaseId: string, actor: string) {
    const id = await this.releaseRowId(tx, app, releaseId);
    const [current] = await tx.query<{ stable_release_id: string }>(
      `select stable_release_id::text from release_channels where app = $1 for update`,
      [app],
    );
    if (current?.stable_release_id === id) return;
    await tx.query(
      `insert into release_channels (app, stable_release_id, canary_release_id, canary_percent, updated_at) values ($1, $2, null, 0, clock_timestamp())
       on conflict (app) do update set stable_release_id = excluded.stable_release_id, canary_release_id = null, canary_percent = 0, updated_at = clock_timestamp()`,
      [app, id],
    );
    await tx.query(`insert into release_stable_history (app, release_id) values ($1, $2)`, [app, id]);
    await this.audit(tx, app, 'promote', releaseId, actor, { to: 'stable' });
  }

  /** `candidateOnly`: a 0 % canary — no cohort gets it, only clients that ask for the app's candidate (cw_candidate). */
  private async setCanaryIn(
    tx: SqlRunner,
    app: string,
    releaseId: string,
    percent: number,
    actor: string,
    candidateOnly = false,
  ) {
    if (candidateOnly && percent !== 0) throw new ReleaseError('gate', 'a candidate-only canary is at 0 %', []);
    if (!Number.isInteger(percent) || percent < (candidateOnly ? 0 : 1) || percent > 100)
      throw new ReleaseError('gate', 'invalid canary percentage', [
        'the canary percentage is a whole number from 1 to 100',
      ]);
    if (percent === 100) return this.makeStable(tx, app, releaseId, actor);
    const id = await this.releaseRowId(tx, app, releaseId);
    const [channel] = await tx.query<{ stable_release_id: string }>(
      `select stable_release_id::text from release_channels where app = $1 for update`,
      [app],
    );
    if (!channel) throw new ReleaseError('conflict', `${app} has no stable release yet`);
    if (channel.stable_release_id === id)
      throw new ReleaseError('conflict', `${releaseId} is already the stable release of ${app}`);
    await tx.query(
      `update release_channels set canary_release_id = $2, canary_percent = $3, updated_at = clock_timestamp() where app = $1`,
      [app, id, percent],
    );
    await this.audit(tx, app, 'canary', releaseId, actor, { percent });
  }

  private lockApp(tx: SqlRunner, app: string) {
    return tx.query(`select pg_advisory_xact_lock(hashtext('release:' || $1))`, [app]);
  }

  /**
   * Canary percentage up (`percent` < 100), or the canary becomes stable for everyone (no
   * percentage / 100). `releaseId` starts a canary of an already registered release.
   */
  async promote(
    appName: string,
    actor: string,
    opts: { percent?: number; releaseId?: string; expectCanary?: string; candidateOnly?: boolean } = {},
  ): Promise<ChannelState> {
    const app = this.requireApp(appName);
    await this.changing(app.name, async (tx) => {
      await this.lockApp(tx, app.name);
      const [channel] = await tx.query<{ canary: string | null; percent: number }>(
        `select r.release_id as canary, c.canary_percent::int as percent from release_channels c left join releases r on r.id = c.canary_release_id where c.app = $1 for update of c`,
        [app.name],
      );
      // The automatic rollout acts only on the canary it started (a person's change since wins).
      if (opts.expectCanary !== undefined && channel?.canary !== opts.expectCanary)
        throw new ReleaseError('conflict', `the canary of ${app.name} changed`);
      const target = opts.releaseId ?? channel?.canary ?? undefined;
      if (!target) throw new ReleaseError('conflict', `${app.name} has no canary to promote`);
      const percent = opts.candidateOnly ? 0 : (opts.percent ?? 100);
      if (percent >= 100) await this.makeStable(tx, app.name, target, actor);
      else await this.setCanaryIn(tx, app.name, target, percent, actor, opts.candidateOnly);
    });
    return this.channel(app.name);
  }

  /**
   * Undoes the newest change, instantly and without a rebuild: a running canary is stopped
   * (everyone back on stable); otherwise stable goes back to the release that was stable before.
   */
  async rollback(appName: string, actor: string, opts: { expectCanary?: string } = {}): Promise<ChannelState> {
    const app = this.requireApp(appName);
    await this.changing(app.name, async (tx) => {
      await this.lockApp(tx, app.name);
      const [channel] = await tx.query<{ canary: string | null }>(
        `select r.release_id as canary from release_channels c left join releases r on r.id = c.canary_release_id where c.app = $1 for update of c`,
        [app.name],
      );
      if (!channel) throw new ReleaseError('conflict', `${app.name} has no release to roll back`);
      if (opts.expectCanary !== undefined && channel.canary !== opts.expectCanary)
        throw new ReleaseError('conflict', `the canary of ${app.name} changed`);
      if (channel.canary) {
        await tx.query(
          `update release_channels set canary_release_id = null, canary_percent = 0, updated_at = clock_timestamp() where app = $1`,
          [app.name],
        );
        await this.audit(tx, app.name, 'abort_canary', channel.canary, actor);
        return;
      }
      const history = await tx.query<{ id: string; release_row: string; release_id: string }>(
        `select h.id::text, h.release_id::text as release_row, r.release_id from release_stable_history h join releases r on r.id = h.release_id
          where h.app = $1 and h.rolled_back_at is null order by h.id desc limit 2`,
        [app.name],
      );
      if (history.length < 2)
        throw new ReleaseError('conflict', `${app.name} has no earlier stable release to roll back to`);
      const [top, previous] = history as [(typeof history)[0], (typeof history)[0]];
      await tx.query(`update release_stable_history set rolled_back_at = clock_timestamp() where id = $1`, [top.id]);
      await tx.query(
        `update release_channels set stable_release_id = $2, updated_at = clock_timestamp() where app = $1`,
        [app.name, previous.release_row],
      );
      await this.audit(tx, app.name, 'rollback', previous.release_id, actor, { from: top.release_id });
    });
    return this.channel(app.name);
  }

  private requireApp(name: string): FeatureAppInfo {
    const app = appByName(name);
    if (!app) throw new ReleaseError('not_found', `unknown app ${name}`);
    return app;
  }

  async channels(): Promise<ChannelState[]> {
    const rows = await this.sql.query<ReleaseRow & { kind: 'stable' | 'canary'; percent: number }>(
      `select ${RELEASE_COLUMNS}, 'stable' as kind, 0 as percent from release_channels c join releases r on r.id = c.stable_release_id
       union all
       select ${RELEASE_COLUMNS}, 'canary' as kind, c.canary_percent::int as percent from release_channels c join releases r on r.id = c.canary_release_id`,
    );
    const out = new Map<string, ChannelState>();
    for (const row of rows.filter((r) => r.kind === 'stable'))
      out.set(row.app, { app: row.app, stable: toRecord(row), canary: null });
    for (const row of rows.filter((r) => r.kind === 'canary')) {
      const state = out.get(row.app);
      if (state) state.canary = { ...toRecord(row), percent: Number(row.percent) };
    }
    return FEATURE_APPS.map((a) => out.get(a.name)).filter((s): s is ChannelState => Boolean(s));
  }

  async channel(app: string): Promise<ChannelState> {
    const state = (await this.channels()).find((c) => c.app === app);
    if (!state) throw new ReleaseError('not_found', `${app} has no release`);
    return state;
  }

  /** `/remotes.json` for one client: stable, or the canary when the cohort falls in its share. */
  async resolve(cohortId: string, candidates: ReadonlySet<string> = new Set()): Promise<ResolvedRemote[]> {
    const cached = this.registry.peek();
    return this.pick(cached ?? (await this.registry.get()), cohortId, candidates);
  }

  /**
   * The releases one cohort gets from a given registry state (pure; resolve() reads the state).
   * `candidates`: apps whose running canary this client asked for whatever its cohort (the
   * `cw_candidate` cookie: a candidate combination for the cross-app e2e suite, or staff).
   */
  pick(channels: ChannelState[], cohortId: string, candidates: ReadonlySet<string> = new Set()): ResolvedRemote[] {
    return channels.map((c) => {
      const app = appByName(c.app)!;
      const useCanary = c.canary !== null && (candidates.has(c.app) || inCanary(c.app, cohortId, c.canary.percent));
      const release = useCanary ? c.canary! : c.stable;
      return {
        name: app.name,
        routePrefix: app.routePrefix,
        manifestUrl: this.manifestUrl(app, release.releaseId),
        contractMajor: release.contractMajor,
        version: release.version,
        releaseId: release.releaseId,
        channel: useCanary ? ('canary' as const) : ('stable' as const),
      };
    });
  }

  /** Every release of an app, newest first, with its place in the channels. */
  async history(
    appName: string,
    limit = 50,
  ): Promise<
    Array<
      ReleaseRecord & {
        status: 'stable' | 'canary' | 'previous' | 'rolled_back' | 'registered';
        canaryPercent?: number;
      }
    >
  > {
    const app = this.requireApp(appName);
    const rows = await this.sql.query<
      ReleaseRow & { is_stable: boolean; canary_percent: number | null; was_stable: boolean; rolled_back: boolean }
    >(
      `select ${RELEASE_COLUMNS},
              (c.stable_release_id = r.id) as is_stable,
              case when c.canary_release_id = r.id then c.canary_percent::int end as canary_percent,
              exists (select 1 from release_stable_history h where h.release_id = r.id and h.rolled_back_at is null) as was_stable,
              exists (select 1 from release_stable_history h where h.release_id = r.id and h.rolled_back_at is not null) as rolled_back
         from releases r left join release_channels c on c.app = r.app
        where r.app = $1 order by r.id desc limit $2`,
      [app.name, limit],
    );
    return rows.map((row) => {
      const status = row.is_stable
        ? 'stable'
        : row.canary_percent !== null
          ? 'canary'
          : row.rolled_back
            ? 'rolled_back'
            : row.was_stable
              ? 'previous'
              : 'registered';
      return {
        ...toRecord(row),
        status,
        ...(row.canary_percent !== null ? { canaryPercent: Number(row.canary_percent) } : {}),
      };
    });
  }

  async auditLog(appName: string, limit = 100): Promise<ReleaseAuditEntry[]> {
    const app = this.requireApp(appName);
    const rows = await this.sql.query<{
      action: string;
      release_id: string | null;
      actor: string;
      details: unknown;
      at: string | Date;
    }>(`select action, release_id, actor, details, at from release_audit where app = $1 order by id desc limit $2`, [
      app.name,
      limit,
    ]);
    return rows.map((r) => ({
      action: r.action,
      releaseId: r.release_id,
      actor: r.actor,
      details: r.details,
      at: new Date(r.at).toISOString(),
    }));
  }

  /** A new deploy token for one app: 256-bit random, returned once, stored as its SHA-256. */
  async createDeployToken(
    appName: string,
    label: string,
    actor: string,
  ): Promise<{ id: string; app: string; token: string }> {
    const app = this.requireApp(appName);
    const token = `cwd_${newToken()}`;
    const [row] = await this.sql.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `insert into deploy_tokens (app, label, token_hash, created_by) values ($1, $2, $3, $4) returning id::text`,
        [app.name, label, hashToken(token), actor],
      );
      await this.audit(tx, app.name, 'token_created', null, actor, { tokenId: rows[0]!.id, label });
      return rows;
    });
    return { id: row!.id, app: app.name, token };
  }

  async revokeDeployToken(id: string, actor: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const [row] = await tx.query<{ app: string }>(
        `update deploy_tokens set revoked_at = clock_timestamp() where id = $1 and revoked_at is null returning app`,
        [id],
      );
      if (!row) return false;
      await this.audit(tx, row.app, 'token_revoked', null, actor, { tokenId: id });
      return true;
    });
  }

  async listDeployTokens(): Promise<
    Array<{
      id: string;
      app: string;
      label: string;
      createdBy: string;
      createdAt: string;
      lastUsedAt: string | null;
      revoked: boolean;
    }>
  > {
    const rows = await this.sql.query<{
      id: string;
      app: string;
      label: string;
      created_by: string;
      created_at: string | Date;
      last_used_at: string | Date | null;
      revoked_at: unknown;
    }>(`select id::text, app, label, created_by, created_at, last_used_at, revoked_at from deploy_tokens order by id`);
    return rows.map((r) => ({
      id: r.id,
      app: r.app,
      label: r.label,
      createdBy: r.created_by,
      createdAt: new Date(r.created_at).toISOString(),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
      revoked: r.revoked_at !== null,
    }));
  }

  /** The app a deploy token may act on, or undefined for an unknown or revoked token. */
  async authenticateDeployToken(token: string): Promise<{ tokenId: string; app: string; label: string } | undefined> {
    if (!token.startsWith('cwd_') || token.length > 200) return undefined;
    const [row] = await this.sql.query<{ id: string; app: string; label: string }>(
      `update deploy_tokens set last_used_at = clock_timestamp() where token_hash = $1 and revoked_at is null returning id::text, app, label`,
      [hashToken(token)],
    );
    return row ? { tokenId: row.id, app: row.app, label: row.label } : undefined;
  }
}
