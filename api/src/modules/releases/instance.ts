import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';
import { ReleaseService } from './service.js';
import { FolderReleaseStore, LazyReleaseStore, type ReleaseStore } from './store.js';
import type { ReleaseConfig } from './config.js';

const services = new WeakMap<Database, ReleaseService>();

export function createReleaseStore(config: ReleaseConfig): ReleaseStore {
  if (config.store.kind === 'folder') return new FolderReleaseStore(config.store.dir);
  const options = config.store;
  return new LazyReleaseStore('s3', async () => new (await import('./s3-store.js')).S3ReleaseStore(options));
}

/**
 * One release service per database, shared by the module's API routes (under /api) and the web
 * plugin (/remotes.json, /remotes/*), which live in different plugin scopes.
 */
export function releaseServiceOf(app: FastifyInstance): ReleaseService {
  let service = services.get(app.database);
  if (!service) {
    service = new ReleaseService(app.database.sql, createReleaseStore(app.config.releases), {
      publicBaseUrl: app.config.releases.publicBaseUrl,
    });
    services.set(app.database, service);
  }
  return service;
}
