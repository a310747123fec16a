import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './db/index.js';
import { buildApp } from './app.js';
import { assertNoSandboxData, seedSandbox, seedAdmin } from './modules/accounts/seed.js';
import { runDemoSeeds } from './sandbox/demo-seeds.js';
import { installDrain } from './process/drain.js';
import { startConfiguredSandboxBucket } from './sandbox/bucket.js';

/**
 * Process entry: config → database (migrations) → seed → HTTP. One process; several run side by
 * side on one PostgreSQL and one Redis behind nginx (scripts/cluster.mjs, docs/operations.md).
 * SIGTERM/SIGINT: hand background jobs to another process, stop accepting, finish the requests in
 * flight, close the database (and release the data-dir lock), exit 0 — or 1 after SHUTDOWN_TIMEOUT_MS.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }

  // SANDBOX_BUCKET=1: an S3-compatible bucket on loopback for direct uploads (docs/kyc.md).
  const sandboxBucket = await startConfiguredSandboxBucket(config);
  config = sandboxBucket.config;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (m) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: m })}\n`),
  });
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => sandboxBucket.close());
  const drain = installDrain(app);
  // Ready before anything injects: a module's own `inject` (the sandbox issuer's and KYC provider's
  // webhooks during the demo seeds) runs on an encapsulated instance whose `ready` is avvio's, which
  // starts the app WITHOUT the onReady hooks — @fastify/swagger's among them, so /api/docs/json
  // answered 500 ("must be called after .ready()") on every start that seeded demo data.
  await app.ready();
  app.log.info(
    {
      driver: database.driver,
      dataDir: database.driver === 'pglite' ? config.dataDir : undefined,
      migrations: database.migrations,
    },
    'database ready',
  );

  // Production refuses a database the sandbox used (demo customer, documented secrets, minted money).
  await assertNoSandboxData(app);
  // The admin's credentials come from configuration at every start (rotation works).
  await seedAdmin(app);
  if (config.sandbox) await runDemoSeeds(app, { userId: await seedSandbox(app) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.info({ signal, inFlight: drain.inFlight() }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error({ inFlight: drain.inFlight() }, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      drain.begin();
      // Background jobs first: their locks are released, another process takes them over now.
      await app.jobs.stop();
      // No new connections (the proxy sends them elsewhere); what was already sent is answered.
      drain.stopAccepting();
      const settled = await drain.settled(Math.max(0, config.shutdownTimeoutMs - (Date.now() - started) - 1_000));
      app.log.info({ settled, inFlight: drain.inFlight(), ms: Date.now() - started }, 'requests drained');
      drain.closeRemaining();
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (e) {
      app.log.error({ err: e }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    app.log.error({ err: e }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  // Consumers of domain events (cashback, messages …) run in the background of every process;
  // SKIP LOCKED keeps two processes from handling the same delivery.
  app.events.start();
  // Run-once background work (src/jobs). Also started by the app's onReady hook (app.ready() above);
  // started explicitly as well (idempotent) so no start-up path can leave them off.
  app.jobs.start();
  if (config.sandbox && !isLoopback(config.host)) {
    // Asked for (HOST), so allowed — but say loudly what the network can now reach (README "Open the sandbox to a phone").
    app.log.warn(
      { host: config.host },
      'SANDBOX OPEN TO THE NETWORK: anyone who reaches this address can read one-time codes (/api/dev/outbox), mint deposits, set KYC levels and sign in with the documented sandbox admin. Use only on a network you trust.',
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { sandbox: config.sandbox, web: Boolean(config.webRoot), port },
    `CardWallet API on http://localhost:${port}/api/`,
  );
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

main().catch((e: unknown) => {
  process.stderr.write(`Start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
