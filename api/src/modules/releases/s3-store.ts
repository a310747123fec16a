import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, NoSuchKey } from '@aws-sdk/client-s3';
import { COMPLETE_MARKER, contentTypeOf, isSafeRelativePath, type ReleaseFile, type ReleaseStore } from './store.js';

export interface S3StoreOptions {
  bucket: string;
  prefix: string;
  endpoint?: string | undefined;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** An S3-compatible bucket (AWS S3, MinIO, R2 …) through @aws-sdk/client-s3. */
export class S3ReleaseStore implements ReleaseStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly opts: S3StoreOptions) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
    });
  }

  private key(rel: string): string {
    return `${this.opts.prefix}${rel}`;
  }

  async publish(app: string, releaseId: string, files: ReleaseFile[]): Promise<void> {
    if (await this.has(app, releaseId)) return;
    // Bounded parallelism: a build has a few hundred files at most.
    const queue = files.slice();
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (!isSafeRelativePath(file.path)) throw new Error(`unsafe path ${file.path}`);
        const encoding = file.path.endsWith('.br') ? 'br' : file.path.endsWith('.gz') ? 'gzip' : undefined;
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.opts.bucket,
            Key: this.key(`${app}/${releaseId}/${file.path}`),
            Body: file.body,
            ContentType: contentTypeOf(file.path),
            ...(encoding ? { Metadata: { 'precompressed-encoding': encoding } } : {}),
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(`${app}/${releaseId}/${COMPLETE_MARKER}`),
        Body: new Date().toISOString(),
      }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isSafeRelativePath(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (e) {
      if (
        e instanceof NoSuchKey ||
        (e as { name?: string }).name === 'NoSuchKey' ||
        (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw e;
    }
  }

  async has(app: string, releaseId: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.key(`${app}/${releaseId}/${COMPLETE_MARKER}`) }),
      );
      return true;
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (e as { name?: string }).name === 'NotFound') return false;
      throw e;
    }
  }
}
