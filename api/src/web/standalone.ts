// Serves only the web front end (no API), for front-end work and for the e2e harness until the
// API's own entry point exists: `node --import tsx src/web/standalone.ts` from api/.
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import webPlugin from './index';

// The same configuration as the API (PORT, HOST, WEB_ROOT, MAP_TILE_URL …), read and validated in config.ts.
const config = loadConfig();
const rootDir = config.webRoot ?? join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const app = Fastify({ logger: { level: 'warn' } });
await app.register(webPlugin, { rootDir, geo: config.geo, earlyHints: config.earlyHints });
app.setNotFoundHandler((request, reply) => {
  void reply.code(404).send({ code: 404, msg: 'Not found', key: 'not_found', data: null });
});
await app.listen({ port: config.port, host: config.host });
console.info(`web front end at http://localhost:${config.port}`);
