import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalDiskObjectStore } from './local-disk.js';
import { S3ObjectStore } from './s3.js';
import type { ObjectStore } from './types.js';

export type { ObjectStore } from './types.js';

/**
 * By configuration: `OBJECT_STORE=s3` with `S3_BUCKET`, `S3_REGION` (default us-east-1),
 * optional `S3_ENDPOINT` (S3-compatible servers), `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY`
 * (else the SDK's default credential chain) and `S3_PREFIX`; otherwise local disk under
 * `UPLOAD_DIR` (default: `uploads/` beside the PGlite data directory, i.e. `api/.data/uploads`).
 */
export function createObjectStore(config: Config, env: NodeJS.ProcessEnv = process.env): ObjectStore {
  if (env.OBJECT_STORE === 's3') {
    if (!env.S3_BUCKET) throw new Error('OBJECT_STORE=s3 needs S3_BUCKET');
    return new S3ObjectStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      prefix: env.S3_PREFIX || undefined,
    });
  }
  const root = env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : path.join(path.dirname(config.dataDir), 'uploads');
  return new LocalDiskObjectStore(root);
}
