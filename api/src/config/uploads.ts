import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@cardwallet/shared/schemas';

/** Where uploaded images live and how the browser sends them (docs/kyc.md "Direct uploads"). */
export interface UploadsConfig {
  /** Local disk under this directory, used when no bucket is configured. */
  uploadDir: string;
  /** The S3 (or S3-compatible) bucket; undefined = local disk, uploads go through the API. */
  s3?: {
    bucket: string;
    region: string;
    /** S3-compatible server the API talks to (path-style); undefined = AWS. */
    endpoint?: string;
    /** The bucket's address as browsers reach it (S3_PUBLIC_ENDPOINT); default: `endpoint`, or AWS's virtual-host name. */
    publicEndpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    prefix?: string;
  };
  /** Browsers upload straight to the bucket with a presigned POST (on by default when a bucket is configured). */
  direct: boolean;
  /** Lifetime of one upload token (presigned POST policy). */
  tokenTtlSeconds: number;
  /**
   * Sandbox only (SANDBOX_BUCKET=1): the API starts an S3-compatible bucket on loopback (s3rver
   * behind a POST-policy gate, api/src/sandbox/bucket.ts) and uses it as `s3`. Port 0 = any free port.
   */
  sandboxBucket?: { port: number };
  /**
   * Quotas of the image upload (docs/kyc.md): files per customer per 24 h (UPLOAD_MAX_PER_DAY, 500),
   * bytes of all files of one request (UPLOAD_MAX_REQUEST_BYTES, three full-size photos), upload
   * requests per IP per IP_WINDOW_SECONDS (IP_UPLOAD_MAX, 60). Read per request.
   */
  limits: { perDay: number; requestBytes: number; perIp: number };
}

const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off']).transform((v) => ['1', 'true', 'on'].includes(v));
const origin = z
  .string()
  .regex(/^https?:\/\/[^/\s?#]+$/, 'must be an origin such as https://s3.example.com (no path)')
  .optional();

const schema = z.object({
  OBJECT_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: origin,
  S3_PUBLIC_ENDPOINT: origin,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9/_-]*$/, 'letters, digits, / _ - only')
    .optional(),
  UPLOAD_DIRECT: flag.optional(),
  UPLOAD_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  SANDBOX_BUCKET: flag.optional(),
  SANDBOX_BUCKET_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  UPLOAD_MAX_PER_DAY: z.coerce.number({ error: 'must be a number' }).int().positive('must be > 0').default(500),
  UPLOAD_MAX_REQUEST_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .positive('must be > 0')
    .default(3 * UPLOAD_MAX_BYTES),
  IP_UPLOAD_MAX: z.coerce.number({ error: 'must be a number' }).int().positive('must be > 0').default(60),
});

export function loadUploadsConfig(
  env: Record<string, string | undefined>,
  opts: { dataDir: string; sandbox: boolean },
): { config?: UploadsConfig; errors: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  const e = parsed.data;
  const errors: string[] = [];
  if (e.OBJECT_STORE === 's3' && !e.S3_BUCKET) errors.push('S3_BUCKET: is required when OBJECT_STORE=s3');
  if (e.SANDBOX_BUCKET && !opts.sandbox) errors.push('SANDBOX_BUCKET: is a sandbox tool (APP_MODE=sandbox only)');
  if (e.SANDBOX_BUCKET && e.OBJECT_STORE === 's3')
    errors.push('SANDBOX_BUCKET: contradicts OBJECT_STORE=s3 (the sandbox bucket is the bucket)');
  if (errors.length) return { errors };
  const s3 =
    e.OBJECT_STORE === 's3' && e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX || undefined,
        }
      : undefined;
  return {
    errors: [],
    config: {
      uploadDir: e.UPLOAD_DIR ? path.resolve(e.UPLOAD_DIR) : path.join(path.dirname(opts.dataDir), 'uploads'),
      s3,
      direct: e.UPLOAD_DIRECT ?? true,
      tokenTtlSeconds: e.UPLOAD_TOKEN_TTL_SECONDS,
      sandboxBucket: e.SANDBOX_BUCKET ? { port: e.SANDBOX_BUCKET_PORT } : undefined,
      limits: { perDay: e.UPLOAD_MAX_PER_DAY, requestBytes: e.UPLOAD_MAX_REQUEST_BYTES, perIp: e.IP_UPLOAD_MAX },
    },
  };
}

/** The origin browsers POST uploads to, when direct uploads are on; else undefined. */
export function directUploadOrigin(uploads: UploadsConfig): string | undefined {
  if (!uploads.direct || !uploads.s3) return undefined;
  return new URL(bucketPostUrl(uploads.s3)).origin;
}

/** The URL a browser POSTs a presigned form to. */
export function bucketPostUrl(s3: NonNullable<UploadsConfig['s3']>): string {
  const base = s3.publicEndpoint ?? s3.endpoint;
  // S3-compatible servers: path-style, like the API's own client. AWS: the virtual-hosted name.
  if (base) return `${base}/${s3.bucket}`;
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}
