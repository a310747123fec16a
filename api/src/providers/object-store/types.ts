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
