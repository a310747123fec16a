import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { SignatureV4 } from '@smithy/signature-v4';
import type { DirectUploadStore, PresignedPost } from './types.js';

export interface S3Options {
  bucket: string;
  region: string;
  /** S3-compatible servers (MinIO, R2, …): their URL; path-style addressing is then used. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix?: string;
  /** The URL browsers POST presigned forms to (config/uploads.ts bucketPostUrl). */
  postUrl?: string;
}

/**
 * S3 or any S3-compatible store. Puts stream through a multipart upload (the length of a
 * filtered image is not known in advance), 5 MiB parts, at most 2 in flight.
 */
export class S3ObjectStore implements DirectUploadStore {
  readonly name = 's3';
  private readonly client: S3Client;
  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  private keyOf(key: string): string {
    return `${this.options.prefix ?? ''}${key}`;
  }

  /**
   * S3 "POST Object" with a policy signed by Signature Version 4 (the algorithm of
   * `@aws-sdk/s3-presigned-post`'s createPresignedPost, with the SDK's own signer): the policy
   * fixes the bucket, the exact key, the Content-Type, the size range and the expiry; the
   * signature is HMAC-SHA256 of the base64 policy with the derived signing key.
   */
  async presignPost(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresAt: Date },
  ): Promise<PresignedPost> {
    const credentials = await this.client.config.credentials();
    const region = await this.client.config.region();
    const now = new Date();
    const amzDate = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const shortDate = amzDate.slice(0, 8);
    const fullKey = this.keyOf(key);
    const fields: Record<string, string> = {
      key: fullKey,
      'Content-Type': opts.contentType,
      'x-amz-server-side-encryption': 'AES256',
      bucket: this.options.bucket,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${credentials.accessKeyId}/${shortDate}/${region}/s3/aws4_request`,
      'X-Amz-Date': amzDate,
      ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    };
    const policy = {
      expiration: opts.expiresAt.toISOString(),
      conditions: [
        ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
        ['content-length-range', 1, opts.maxBytes],
      ],
    };
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
    const signer = new SignatureV4({
      service: 's3',
      region,
      credentials,
      sha256: this.client.config.sha256,
      uriEscapePath: false,
    });
    const signature = await signer.sign(encoded, { signingDate: now });
    return {
      url: this.options.postUrl ?? `https://${this.options.bucket}.s3.${region}.amazonaws.com`,
      fields: { ...fields, Policy: encoded, 'X-Amz-Signature': signature },
    };
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: body,
        ContentType: contentType,
        ServerSideEncryption: 'AES256',
      },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      return (out.Body as Readable | undefined) ?? null;
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }
}
