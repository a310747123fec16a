import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';
import { releaseServiceOf } from '../releases/instance.js';
import { TelemetryIngest } from './ingest.js';
import { RolloutService } from './rollouts.js';

export interface Telemetry {
  ingest: TelemetryIngest;
  rollouts: RolloutService;
}

const instances = new WeakMap<Database, Telemetry>();

/** One ingest buffer and rollout service per database (tests reach them through the app). */
export function telemetryOf(app: FastifyInstance): Telemetry {
  let t = instances.get(app.database);
  if (!t) {
    const ingest = new TelemetryIngest(app.database.sql, app.clock);
    t = {
      ingest,
      rollouts: new RolloutService(app.database.sql, releaseServiceOf(app), ingest, app.clock, app.config.telemetry),
    };
    instances.set(app.database, t);
  }
  return t;
}
