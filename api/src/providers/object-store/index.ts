import type { Config } from '../../config.js';
import { bucketPostUrl } from '../../config/uploads.js';
import { LocalDiskObjectStore } from './local-disk.js';
import { S3ObjectStore } from './s3.js';
import type { ObjectStore } from './types.js';

export type { DirectUploadStore, ObjectStore, PresignedPost } from './types.js';
export { isDirectUploadStore } from './types.js';

/**
 * By configuration (`config.uploads`, src/config/uploads.ts): `OBJECT_STORE=s3` with `S3_BUCKET`,
 * `S3_REGION` (default us-east-1), optional `S3_ENDPOINT` (S3-compatible servers),
 * `S3_ACCESS_KEY_ID`/`S3_SECRET_ACCESS_KEY` (else the SDK's default credential chain),
 * `S3_PREFIX` and `S3_PUBLIC_ENDPOINT` (the bucket's address for browsers); otherwise local disk
 * under `UPLOAD_DIR` (default: `uploads/` beside the PGlite data directory, i.e. `api/.data/uploads`).
 */
export function createObjectStore(config: Config): ObjectStore {
  const s3 = config.uploads.s3;
  if (s3) {
    return new S3ObjectStore({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      prefix: s3.prefix,
      postUrl: bucketPostUrl(s3),
    });
  }
  return new LocalDiskObjectStore(config.uploads.uploadDir);
}
