import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './db/index.js';
import { buildApp } from './app.js';
import { seedSandbox, seedAdmin } from './modules/accounts/seed.js';
import { purgeExpiredIdempotencyKeys } from './http/idempotency.js';
import { runDemoSeeds } from './sandbox/demo-seeds.js';

/**
 * Process entry: config → database (migrations) → seed → HTTP. SIGTERM/SIGINT stop accepting,
 * drain in-flight requests, close the database and release the data-dir lock.
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

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (m) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: m })}\n`),
  });
  const app = await buildApp({ config, database });
  app.log.info(
    { driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined, migrations: database.migrations },
    'database ready',
  );

  await seedAdmin(app);
  if (config.sandbox) await runDemoSeeds(app, { userId: await seedSandbox(app) });

  const purge = setInterval(() => {
    purgeExpiredIdempotencyKeys(database.sql, app.clock.now()).catch((e: unknown) => app.log.warn({ err: e }, 'idempotency purge failed'));
  }, 3600_000);
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    clearInterval(purge);
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
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
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info({ sandbox: config.sandbox, web: Boolean(config.webRoot), port }, `CardWallet API on http://localhost:${port}/api/`);
}

main().catch((e: unknown) => {
  process.stderr.write(`Start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
