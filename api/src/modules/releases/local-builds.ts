import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FEATURE_APPS } from './apps.js';
import { releaseChecksum, ReleaseError, type ReleaseService } from './service.js';
import { COMPLETE_MARKER, type ReleaseFile } from './store.js';

/** Every file of a build folder (dist/), with paths relative to it. */
export function readBuildFolder(dir: string): ReleaseFile[] {
  const files: ReleaseFile[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && entry.name !== COMPLETE_MARKER)
        files.push({ path: child, body: fs.readFileSync(path.join(dir, child)) });
    }
  };
  walk('');
  return files;
}

function versionOf(appDir: string, dist: string): string {
  for (const file of [path.join(dist, 'build-info.json'), path.join(appDir, 'package.json')]) {
    try {
      const version = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string' && version) return version;
    } catch {
      // next source
    }
  }
  return '0.0.0';
}

/**
 * `npm start` on a fresh clone needs no release step: an app without a stable release gets its
 * local production build (mf-x/dist) published as the first one. In the sandbox a local build that
 * is not a known release of its app (the developer rebuilt after a change) becomes stable too, so
 * `npm start` always shows the code on disk; in production only the first start does this.
 */
export async function publishLocalBuilds(
  service: ReleaseService,
  rootDir: string,
  opts: { sandbox: boolean; log: FastifyBaseLogger },
): Promise<void> {
  const channels = new Map((await service.channels()).map((c) => [c.app, c]));
  for (const app of FEATURE_APPS) {
    const appDir = path.join(rootDir, app.dir);
    const dist = path.join(appDir, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    const hasStable = channels.has(app.name);
    if (hasStable && !opts.sandbox) continue;
    let files: ReleaseFile[];
    try {
      files = readBuildFolder(dist);
    } catch (e) {
      opts.log.warn({ err: e, app: app.name }, 'releases: local build unreadable');
      continue;
    }
    if (hasStable) {
      const { checksum } = releaseChecksum(files);
      const known = (await service.history(app.name, 500)).some((r) => r.checksum === checksum);
      if (known) continue;
    }
    try {
      const { release } = await service.release({
        app: app.name,
        version: versionOf(appDir, dist),
        files,
        actor: hasStable ? 'local-build' : 'bootstrap',
        mode: { kind: 'stable' },
      });
      opts.log.info(
        { app: app.name, releaseId: release.releaseId },
        'releases: local build published as the stable release',
      );
    } catch (e) {
      if (e instanceof ReleaseError)
        opts.log.warn(
          { app: app.name, reasons: e.reasons },
          `releases: local build of ${app.name} not published: ${e.message}`,
        );
      else throw e;
    }
  }
}
