import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** One file of a release as published: its path inside the release folder and its bytes. */
export interface ReleaseFile {
  path: string;
  body: Buffer;
}

/**
 * Where release files live, as a CDN origin would hold them: `<app>/<releaseId>/<path>`.
 * Publishing is immutable: a folder that exists is never written again (a repeat of the same
 * release is a no-op, decided by the registry's checksum, not by overwriting).
 */
export interface ReleaseStore {
  readonly kind: 'folder' | 's3';
  /** Writes every file of a release; the release becomes visible only once all are written. */
  publish(app: string, releaseId: string, files: ReleaseFile[]): Promise<void>;
  /** The bytes of one published file, or null. */
  read(key: string): Promise<Buffer | null>;
  /** Whether a release's folder is complete (its marker file exists). */
  has(app: string, releaseId: string): Promise<boolean>;
}

/** Written last: a release folder without it is a publish that did not finish. */
export const COMPLETE_MARKER = '.release-complete';

const SAFE_SEGMENT = /^[0-9A-Za-z._+-]{1,120}$/;

/** A release-relative path we accept: no `..`, no absolute paths, plain characters. */
export function isSafeRelativePath(p: string): boolean {
  if (!p || p.length > 300 || p.startsWith('/') || p.includes('\\')) return false;
  return p.split('/').every((s) => SAFE_SEGMENT.test(s) && s !== '.' && s !== '..');
}

export class FolderReleaseStore implements ReleaseStore {
  readonly kind = 'folder' as const;
  constructor(readonly root: string) {}

  async publish(app: string, releaseId: string, files: ReleaseFile[]): Promise<void> {
    const target = path.join(this.root, app, releaseId);
    if (fs.existsSync(path.join(target, COMPLETE_MARKER))) return;
    // Written beside the target and renamed into place: readers never see half a release.
    const staging = path.join(this.root, app, `.staging-${releaseId}-${randomBytes(6).toString('hex')}`);
    for (const file of files) {
      if (!isSafeRelativePath(file.path)) throw new Error(`unsafe path ${file.path}`);
      const out = path.join(staging, file.path);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, file.body, { flag: 'wx' });
    }
    fs.writeFileSync(path.join(staging, COMPLETE_MARKER), new Date().toISOString());
    try {
      fs.renameSync(staging, target);
    } catch (e) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Another publisher of the very same release won the race: theirs stands.
      if (!fs.existsSync(path.join(target, COMPLETE_MARKER))) throw e;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isSafeRelativePath(key)) return null;
    try {
      return fs.readFileSync(path.join(this.root, key));
    } catch {
      return null;
    }
  }

  async has(app: string, releaseId: string): Promise<boolean> {
    return fs.existsSync(path.join(this.root, app, releaseId, COMPLETE_MARKER));
  }
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

export function contentTypeOf(file: string): string {
  const bare = file.replace(/\.(br|gz)$/, '');
  return CONTENT_TYPES[bare.slice(bare.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Defers loading a store's implementation to its first use: the S3 SDK is a large module graph
 * that a process on the folder store never needs, and start-up time counts for every module.
 */
export class LazyReleaseStore implements ReleaseStore {
  private store: Promise<ReleaseStore> | undefined;
  constructor(
    readonly kind: ReleaseStore['kind'],
    private readonly load: () => Promise<ReleaseStore>,
  ) {}
  private get(): Promise<ReleaseStore> {
    this.store ??= this.load();
    return this.store;
  }
  async publish(app: string, releaseId: string, files: ReleaseFile[]): Promise<void> {
    return (await this.get()).publish(app, releaseId, files);
  }
  async read(key: string): Promise<Buffer | null> {
    return (await this.get()).read(key);
  }
  async has(app: string, releaseId: string): Promise<boolean> {
    return (await this.get()).has(app, releaseId);
  }
}
