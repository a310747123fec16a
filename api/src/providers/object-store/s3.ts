import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStore } from './types.js';

export interface S3Options {
  bucket: string;
  region: string;
  /** S3-compatible servers (MinIO, R2, …): their URL; path-style addressing is then used. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix?: string;
}

/**
 * S3 or any S3-compatible store. Puts stream through a multipart upload (the length of a
 * filtered image is not known in advance), 5 MiB parts, at most 2 in flight.
 */
export class S3ObjectStore implements ObjectStore {
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
