// Serves only the web front end (no API), for front-end work and for the e2e harness until the
// API's own entry point exists: `node --import tsx src/web/standalone.ts` from api/.
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import webPlugin from './index';

const rootDir = process.env.WEB_ROOT ?? join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const app = Fastify({ logger: { level: 'warn' } });
await app.register(webPlugin, { rootDir });
app.setNotFoundHandler((request, reply) => {
  void reply.code(404).send({ code: 404, msg: 'Not found', key: 'not_found', data: null });
});
await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
console.info(`web front end at http://localhost:${process.env.PORT ?? 8080}`);
