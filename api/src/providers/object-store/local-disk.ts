import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ObjectStore } from './types.js';

const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,200}$/;

/**
 * Objects as files under one directory. A put writes a temporary file, fsyncs it and renames it
 * into place, so a crash never leaves half an object under its key.
 */
export class LocalDiskObjectStore implements ObjectStore {
  readonly name = 'local-disk';
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error('invalid object key');
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      const out = fs.createWriteStream(temp, { flags: 'wx' });
      await pipeline(body, out);
      const handle = await fs.promises.open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, target);
    } catch (e) {
      await fs.promises.rm(temp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
