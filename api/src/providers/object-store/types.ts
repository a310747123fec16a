import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Bytes are streamed in and out, never held whole in memory.
 * Keys are ours (`images/<user>/<random>`); nothing in a key comes from the client.
 */
export interface ObjectStore {
  readonly name: string;
  /** Writes the stream under `key`; resolves once durable, rejects (and leaves nothing) on error. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** A browser form upload straight to the bucket (S3 "POST Object" with a signed policy). */
export interface PresignedPost {
  /** Where the browser POSTs the multipart form. */
  url: string;
  /** Form fields to send before the `file` field, in this order. */
  fields: Record<string, string>;
}

/** An object store browsers can upload to directly (S3 presigned POST). */
export interface DirectUploadStore extends ObjectStore {
  /**
   * A signed POST policy that lets its holder upload exactly one object: at `key`, with this
   * content type, of 1..maxBytes bytes, until `expiresAt`. The bucket enforces every condition.
   */
  presignPost(key: string, opts: { contentType: string; maxBytes: number; expiresAt: Date }): Promise<PresignedPost>;
}

export function isDirectUploadStore(store: ObjectStore): store is DirectUploadStore {
  return typeof (store as Partial<DirectUploadStore>).presignPost === 'function';
}
