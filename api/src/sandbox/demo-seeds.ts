import type { FastifyInstance } from 'fastify';

/**
 * Sandbox demo data: every module gives the demo customer (demo@cardwallet.test) realistic data
 * made through its own real services, so a newcomer who signs in sees every page filled and the
 * ledger check stays clean.
 *
 * A module registers its seed from inside its plugin (where its service instances live):
 *
 *   if (app.config.sandbox) app.demoSeeds.add({ name: 'cards', after: ['wallet', 'kyc'], run: async ({ userId }) => … });
 *
 * `after` names seeds that must have run first (the cards seed needs a funded wallet and a
 * verified customer); names that no module registered are ignored, so a module can name a seed
 * that lands later. Each seed runs once per database (recorded in sandbox_demo_seeds); a failing
 * seed is logged and retried on the next start, and does not stop the server.
 */
export interface DemoSeedContext {
  /** The demo customer's id as a decimal string. */
  userId: string;
}

export interface DemoSeed {
  name: string;
  after?: string[];
  run(ctx: DemoSeedContext): Promise<void>;
}

export class DemoSeedRegistry {
  private readonly seeds = new Map<string, DemoSeed>();

  add(seed: DemoSeed): void {
    if (this.seeds.has(seed.name)) throw new Error(`demo seed "${seed.name}" registered twice`);
    this.seeds.set(seed.name, seed);
  }

  /** The registered seeds, each after the ones it names (stable: alphabetical among equals). */
  ordered(): DemoSeed[] {
    const done = new Set<string>();
    const visiting = new Set<string>();
    const out: DemoSeed[] = [];
    const visit = (seed: DemoSeed) => {
      if (done.has(seed.name)) return;
      if (visiting.has(seed.name)) throw new Error(`demo seeds depend on each other in a cycle at "${seed.name}"`);
      visiting.add(seed.name);
      for (const dep of [...(seed.after ?? [])].sort()) {
        const d = this.seeds.get(dep);
        if (d) visit(d);
      }
      visiting.delete(seed.name);
      done.add(seed.name);
      out.push(seed);
    };
    for (const name of [...this.seeds.keys()].sort()) visit(this.seeds.get(name)!);
    return out;
  }
}

export interface DemoSeedReport {
  ran: string[];
  skipped: string[];
  failed: { name: string; error: string }[];
}

/**
 * Runs every registered seed that has not completed on this database yet, in dependency order.
 * A seed whose dependency failed in this run is not attempted (it would see half the data).
 */
export async function runDemoSeeds(app: FastifyInstance, ctx: DemoSeedContext): Promise<DemoSeedReport> {
  const db = app.database.sql;
  const report: DemoSeedReport = { ran: [], skipped: [], failed: [] };
  const completed = new Set(
    (await db.query<{ name: string }>(`select name from sandbox_demo_seeds`)).map((r) => r.name),
  );
  const failedNames = new Set<string>();
  for (const seed of app.demoSeeds.ordered()) {
    if (completed.has(seed.name)) {
      report.skipped.push(seed.name);
      continue;
    }
    const blockedBy = (seed.after ?? []).find((d) => failedNames.has(d));
    if (blockedBy) {
      failedNames.add(seed.name);
      report.failed.push({ name: seed.name, error: `not run: "${blockedBy}" failed` });
      continue;
    }
    try {
      await seed.run(ctx);
      await db.query(`insert into sandbox_demo_seeds (name) values ($1) on conflict (name) do nothing`, [seed.name]);
      report.ran.push(seed.name);
    } catch (e) {
      failedNames.add(seed.name);
      report.failed.push({ name: seed.name, error: e instanceof Error ? e.message : String(e) });
      app.log.error({ err: e, seed: seed.name }, 'sandbox demo seed failed (retried on the next start)');
    }
  }
  if (report.ran.length > 0) app.log.info({ ran: report.ran }, 'sandbox demo data seeded');
  return report;
}
