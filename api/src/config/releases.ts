import path from 'node:path';
import { z } from 'zod';

/** Release store and registry settings (docs/releasing.md). */
export interface ReleaseConfig {
  store:
    | { kind: 'folder'; dir: string }
    | { kind: 's3'; bucket: string; prefix: string; endpoint?: string; region: string; forcePathStyle: boolean };
  /** Base URL clients load release files from: `/remotes/` (this process) or a CDN origin. */
  publicBaseUrl: string;
  /** Seconds /remotes.json may be reused by the browser (short: a rollback reaches everyone fast). */
  registryMaxAgeSeconds: number;
}

const schema = z.object({
  RELEASE_STORE_DIR: z.string().min(1).optional(),
  RELEASE_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  RELEASE_S3_PREFIX: z
    .string()
    .regex(/^([0-9A-Za-z._-]+\/)*$/, 'must be empty or end with /')
    .default(''),
  RELEASE_S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  RELEASE_S3_REGION: z.string().min(1).default('us-east-1'),
  RELEASE_S3_FORCE_PATH_STYLE: z.enum(['1', '0', 'true', 'false']).optional(),
  RELEASE_PUBLIC_URL: z
    .string()
    .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must be a root-relative path or an http(s) URL')
    .optional(),
  RELEASE_REGISTRY_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
});

/** Reads the RELEASE_* variables; `errors` lists bad ones in the format of src/config.ts. */
export function loadReleaseConfig(
  env: Record<string, string | undefined>,
  defaults: { apiDir: string; dataDir: string; pglite: boolean },
): { config?: ReleaseConfig; errors: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  const e = parsed.data;
  const store: ReleaseConfig['store'] = e.RELEASE_S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.RELEASE_S3_BUCKET,
        prefix: e.RELEASE_S3_PREFIX,
        ...(e.RELEASE_S3_ENDPOINT ? { endpoint: e.RELEASE_S3_ENDPOINT } : {}),
        region: e.RELEASE_S3_REGION,
        forcePathStyle: e.RELEASE_S3_FORCE_PATH_STYLE
          ? ['1', 'true'].includes(e.RELEASE_S3_FORCE_PATH_STYLE)
          : Boolean(e.RELEASE_S3_ENDPOINT),
      }
    : {
        kind: 'folder',
        // Beside the PGlite data dir by default, so a fresh data dir starts with a fresh store.
        dir: path.resolve(
          defaults.apiDir,
          e.RELEASE_STORE_DIR ??
            (defaults.pglite ? path.join(path.dirname(defaults.dataDir), 'releases') : '.data/releases'),
        ),
      };
  return {
    config: {
      store,
      publicBaseUrl: e.RELEASE_PUBLIC_URL ?? '/remotes/',
      registryMaxAgeSeconds: e.RELEASE_REGISTRY_MAX_AGE_SECONDS,
    },
    errors: [],
  };
}
