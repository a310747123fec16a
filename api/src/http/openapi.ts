import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAuth } from './types.js';

/**
 * The OpenAPI document served at /api/docs/json (linted by `@redocly/cli` in api/test/foundation/
 * openapi-served.test.ts with api/redocly.yaml). Every operation states who may call it as its
 * `security`, taken from the route's `config.auth` (the same value the auth hook enforces):
 * `public` → none, `user` → the customer session token, `admin` → the admin session token. Both
 * tokens travel in the same header; they are two schemes because they are two different secrets.
 */
export const SECURITY_SCHEME_OF: Record<Exclude<RouteAuth, 'public'>, string> = {
  user: 'accessToken',
  admin: 'adminToken',
};

type Security = { [scheme: string]: readonly string[] }[];

/** The error envelope as the document states it (every refusal, HTTP 200). */
const ERROR_ENVELOPE = {
  type: 'object',
  required: ['code', 'msg', 'key', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, key: { type: 'string' }, data: {} },
};

/**
 * Answers that are not the JSON envelope, with their media type: the success body in its own type,
 * a refusal (not signed in, not yours, bad parameters…) as the JSON error envelope.
 */
export const NON_JSON_ANSWERS: Record<string, { type: string; schema: Record<string, unknown>; description: string }> =
  {
    '/api/card/orders/export': {
      type: 'text/csv',
      schema: { type: 'string' },
      description: 'The CSV file (UTF-8 with BOM, one row per order); a refusal is the JSON error envelope.',
    },
    '/api/upload/image/:id': {
      type: 'image/*',
      schema: { type: 'string', format: 'binary' },
      description: 'The image in its stored type (image/jpeg or image/png); a refusal is the JSON error envelope.',
    },
    '/api/notifications/stream': {
      type: 'text/event-stream',
      schema: { type: 'string' },
      description:
        'Server-sent events (`event: domain`, data { id, type }); a refused ticket is the JSON error envelope.',
    },
  };

export const openapiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: 'CardWallet payment service',
      version: '1.0.0',
      description:
        'Every business outcome answers HTTP 200 with { code, msg, key?, data }. See docs/api.md for codes and error keys.',
      license: { name: 'Proprietary' },
    },
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Access-Token',
          description: 'A customer session token (user/login).',
        },
        adminToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Access-Token',
          description: 'An admin session token (user/adminLogin).',
        },
      },
    },
  },
  transform(input) {
    const { url, route } = input;
    // Only the API is documented: the sandbox verification provider's pages (/sandbox-provider/…)
    // stand in for a third party's site and the web front end is not an API.
    if (!url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url };
    const out = jsonSchemaTransform(input);
    const auth: RouteAuth = (route.config as { auth?: RouteAuth } | undefined)?.auth ?? 'public';
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (out.schema ?? {}) as Record<string, unknown>;
    const nonJson = NON_JSON_ANSWERS[url];
    if (nonJson) {
      schema.produces = [nonJson.type, 'application/json'];
      schema.response = {
        200: {
          description: nonJson.description,
          content: {
            [nonJson.type]: { schema: nonJson.schema },
            'application/json': { schema: ERROR_ENVELOPE },
          },
        },
      };
    }
    return {
      ...out,
      schema: {
        ...schema,
        operationId: (schema.operationId as string | undefined) ?? operationIdOf(methods[0] ?? 'GET', url),
        // A `public` route that guards itself (deploy routes check their own token in onRequest)
        // keeps the security its schema declares; otherwise the enforced config.auth decides.
        security:
          auth === 'public' ? ((schema.security as Security | undefined) ?? []) : [{ [SECURITY_SCHEME_OF[auth]]: [] }],
      },
    };
  },
};

/** `POST /api/admin/withdrawals/approve` → `postAdminWithdrawalsApprove` (unique: one per method and path). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
