import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * The sandbox's S3-compatible bucket for direct uploads (SANDBOX_BUCKET=1, and the API tests):
 * s3rver (an S3-compatible server, in process, on loopback) behind a small gate that does what
 * s3rver leaves out and S3 does for a browser's "POST Object": it checks the signed POST policy
 * (Signature Version 4 over the base64 policy, the access key, the expiry, every condition —
 * exact fields, `starts-with`, `content-length-range` — and that no field is outside the policy)
 * and answers S3's XML errors (403 AccessDenied, 400 EntityTooLarge / EntityTooSmall) before the
 * object reaches the bucket. Every other request (the API's own signed GET/PUT/DELETE) passes
 * through to s3rver unchanged. CORS comes from the bucket's CORS configuration (s3rver).
 */
export interface SandboxBucketOptions {
  /** Port of the gate (what clients use); 0 = any free port. Always loopback. */
  port: number;
  /** Folder s3rver keeps its objects in. */
  directory: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Origins allowed by the bucket's CORS rule (the app's origins); default any. */
  allowedOrigins?: string[];
  /** The bucket's clock for policy expiry (tests pass theirs). */
  now?: () => Date;
}

export interface SandboxBucket {
  /** http://127.0.0.1:<port> — the endpoint of the API's client and of browsers. */
  endpoint: string;
  /** Direct POST attempts refused by the policy check, by S3 error code (for tests). */
  refusals: string[];
  close(): Promise<void>;
}

export const SANDBOX_BUCKET_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Largest POST body the gate reads (S3 refuses a POST above 5 GB; our uploads are ≤ 20 MB). */
const MAX_POST_BYTES = 32 * 1024 * 1024;

function corsXml(origins: string[]): string {
  return `<CORSConfiguration><CORSRule>${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}<AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startSandboxBucket(opts: SandboxBucketOptions): Promise<SandboxBucket> {
  // s3rver is a development dependency of the API: the sandbox bucket exists only where it is installed.
  const { default: S3rver } = await import('s3rver');
  fs.mkdirSync(opts.directory, { recursive: true });
  const origins = opts.allowedOrigins?.length ? opts.allowedOrigins : ['*'];
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: opts.directory,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(origins)] }],
  });
  const inner = (await s3.run()) as { port: number };
  const refusals: string[] = [];
  const now = opts.now ?? (() => new Date());

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body?: Buffer) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const refuse = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    code: string,
    message: string,
  ) => {
    refusals.push(code);
    const origin = req.headers.origin;
    const headers: Record<string, string> = { 'Content-Type': 'application/xml', Connection: 'close' };
    if (origin && (origins.includes('*') || origins.includes(origin))) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers.Vary = 'Origin';
    }
    res.writeHead(status, headers);
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, '')}</Message></Error>`,
    );
  };

  const gate = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const isPostObject =
      req.method === 'POST' &&
      (path === `/${opts.bucket}` || path === `/${opts.bucket}/`) &&
      /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (!isPostObject) return forward(req, res);
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > MAX_POST_BYTES) {
      req.resume();
      return refuse(req, res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_POST_BYTES) tooLarge = true;
      else chunks.push(c);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (tooLarge)
        return refuse(req, res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      const body = Buffer.concat(chunks);
      const verdict = checkPostPolicy(body, String(req.headers['content-type']), {
        bucket: opts.bucket,
        accessKeyId: opts.accessKeyId,
        secretAccessKey: opts.secretAccessKey,
        now: now(),
      });
      if (verdict) return refuse(req, res, verdict.status, verdict.code, verdict.message);
      forward(req, res, body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    gate.once('error', reject);
    gate.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (gate.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refusals,
    close: async () => {
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      gate.closeAllConnections();
      await s3.close();
    },
  };
}

interface Part {
  name: string;
  filename?: string;
  value: Buffer;
}

/** A multipart/form-data body as its parts, in order (enough for a browser's form upload). */
export function parseMultipart(body: Buffer, contentType: string): Part[] | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    at += 2; // CRLF
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) return null;
    const headers = body.subarray(at, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return null;
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    parts.push({ name, filename, value: body.subarray(headerEnd + 4, next) });
    at = next + 2;
  }
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

const deny = (message: string) => ({ status: 403, code: 'AccessDenied', message });

/**
 * S3's checks of a browser POST with a Signature Version 4 policy, in S3's order. Returns the
 * refusal, or null when the upload may be stored. Written from S3's documentation (a second,
 * independent implementation of the signing the API does with the AWS SDK's signer).
 */
export function checkPostPolicy(
  body: Buffer,
  contentType: string,
  ctx: { bucket: string; accessKeyId: string; secretAccessKey: string; now: Date },
): { status: number; code: string; message: string } | null {
  const parts = parseMultipart(body, contentType);
  if (!parts)
    return {
      status: 400,
      code: 'MalformedPOSTRequest',
      message: 'The body of your POST request is not well-formed multipart/form-data.',
    };
  const fileIndex = parts.findIndex((p) => p.name === 'file');
  if (fileIndex < 0)
    return { status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' };
  const file = parts[fileIndex]!;
  // Fields after the file are ignored by S3.
  const fields = new Map<string, string>();
  for (const p of parts.slice(0, fileIndex)) fields.set(p.name.toLowerCase(), p.value.toString('utf8'));
  const policyB64 = fields.get('policy');
  if (!policyB64) return deny('Anonymous uploads are not allowed on this bucket.');
  const credential = fields.get('x-amz-credential') ?? '';
  const [accessKey, date, region, service, terminator] = credential.split('/');
  if (
    fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' ||
    !date ||
    !region ||
    service !== 's3' ||
    terminator !== 'aws4_request'
  )
    return { status: 400, code: 'InvalidArgument', message: 'Invalid X-Amz-Credential or X-Amz-Algorithm.' };
  if (accessKey !== ctx.accessKeyId) return deny('The AWS Access Key Id you provided does not exist in our records.');
  const key = hmac(hmac(hmac(hmac(`AWS4${ctx.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(policyB64, 'utf8').digest();
  const given = Buffer.from(fields.get('x-amz-signature') ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return deny('The request signature we calculated does not match the signature you provided.');
  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expiration = Date.parse(policy.expiration ?? '');
  if (!Number.isFinite(expiration))
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid expiration.' };
  if (ctx.now.getTime() > expiration) return deny('Invalid according to Policy: Policy expired.');
  const valueOf = (name: string) => (name.toLowerCase() === 'bucket' ? ctx.bucket : fields.get(name.toLowerCase()));
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  for (const c of policy.conditions ?? []) {
    if (Array.isArray(c) && c[0] === 'content-length-range') {
      const [, min, max] = c as [string, number, number];
      if (file.value.length > max)
        return {
          status: 400,
          code: 'EntityTooLarge',
          message: 'Your proposed upload exceeds the maximum allowed size',
        };
      if (file.value.length < min)
        return {
          status: 400,
          code: 'EntityTooSmall',
          message: 'Your proposed upload is smaller than the minimum allowed size',
        };
      continue;
    }
    let op: string;
    let name: string;
    let want: string;
    if (Array.isArray(c) && c.length === 3 && typeof c[1] === 'string' && c[1].startsWith('$')) {
      [op, name, want] = [String(c[0]), c[1].slice(1), String(c[2])];
    } else if (c && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 1) {
      const [n, v] = Object.entries(c as Record<string, unknown>)[0]!;
      [op, name, want] = ['eq', n, String(v)];
    } else {
      return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid condition.' };
    }
    covered.add(name.toLowerCase());
    const have = valueOf(name) ?? '';
    const ok = op === 'eq' ? have === want : op === 'starts-with' ? have.startsWith(want) : false;
    if (!ok) return deny(`Invalid according to Policy: Policy Condition failed: ["${op}", "$${name}", "${want}"]`);
  }
  const extra = [...fields.keys()].filter((n) => !covered.has(n) && !n.startsWith('x-ignore-'));
  if (extra.length) return deny(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return null;
}

/** The bucket the sandbox starts for SANDBOX_BUCKET=1 (README, docs/kyc.md). */
export const SANDBOX_BUCKET_NAME = 'cardwallet-uploads';

/**
 * SANDBOX_BUCKET=1 (sandbox mode only): starts the sandbox bucket on loopback (folder
 * `sandbox-bucket/` beside the data directory) and returns the configuration that uses it as the
 * object store, with direct uploads on; its CORS rule allows the app's own origins.
 * Without SANDBOX_BUCKET: the configuration unchanged.
 */
export async function startConfiguredSandboxBucket<
  C extends { port: number; dataDir: string; uploads: import('../config/uploads.js').UploadsConfig },
>(config: C): Promise<{ config: C; close: () => Promise<void> }> {
  const wanted = config.uploads.sandboxBucket;
  if (!wanted) return { config, close: async () => {} };
  const bucket = await startSandboxBucket({
    port: wanted.port,
    directory: path.join(path.dirname(config.dataDir), 'sandbox-bucket'),
    bucket: SANDBOX_BUCKET_NAME,
    ...SANDBOX_BUCKET_CREDENTIALS,
    allowedOrigins: config.port ? [`http://127.0.0.1:${config.port}`, `http://localhost:${config.port}`] : ['*'],
  });
  return {
    config: {
      ...config,
      uploads: {
        ...config.uploads,
        s3: {
          bucket: SANDBOX_BUCKET_NAME,
          region: 'us-east-1',
          endpoint: bucket.endpoint,
          ...SANDBOX_BUCKET_CREDENTIALS,
        },
      },
    },
    close: bucket.close,
  };
}
