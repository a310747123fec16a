import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's defaults trade durability for speed: it starts postgres with `-F` (fsync off), its
 * Emscripten NODEFS has no fsync at all, and fdatasync is a no-op stub. For a money ledger an
 * acknowledged commit must survive a crash, so we (1) start without `-F`, (2) use
 * wal_sync_method=fsync (the one call we can make real) and (3) give NODEFS streams an fsync that
 * reaches the disk.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.unshift((mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
        return 0;
      };
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

const DEFAULT_START_PARAMS: string[] = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;

export function durableStartParams(): string[] {
  return [
    ...DEFAULT_START_PARAMS.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=on',
  ];
}

export async function openPglite(dataDir: string): Promise<PGlite> {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = new PGlite({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams() });
  await pg.waitReady;
  return pg;
}
