import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';

/** Helpers of the release specs (releases.spec.ts, rollouts.spec.ts): the CLI, builds, cohorts. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The release CLI (scripts/release.mjs) as a team's CI runs it, with that team's deploy token. */
export function releaseCli(baseURL: string, deployToken: string, ...args: string[]): string {
  return execFileSync(process.execPath, [join(ROOT, 'scripts/release.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, CW_API_URL: baseURL, CW_DEPLOY_TOKEN: deployToken },
    encoding: 'utf8',
  });
}

/** The release id the CLI printed for `release`. */
export function releasedId(out: string): string {
  const id = /released mf_\w+ (\S+)/.exec(out)?.[1];
  if (!id) throw new Error(`no release id in: ${out}`);
  return id;
}

/**
 * A copy of an app's current production build with `edit` applied to every JS file that contains
 * `needle` (its compressed twins removed, so the server serves the edited file). Returns the folder
 * and how many files were edited.
 */
export function editedBuild(
  appDir: string,
  into: string,
  needle: string,
  edit: (text: string) => string,
): { dir: string; edited: number } {
  cpSync(join(ROOT, appDir, 'dist'), into, { recursive: true });
  let edited = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) {
        const text = readFileSync(file, 'utf8');
        if (text.includes(needle)) {
          writeFileSync(file, edit(text));
          rmSync(`${file}.br`, { force: true });
          rmSync(`${file}.gz`, { force: true });
          edited++;
        }
      }
    }
  };
  walk(into);
  return { dir: into, edited };
}

/** The server's sticky split (api/src/modules/releases/service.ts cohortBucket) for an anonymous cohort. */
export function inCanary(app: string, cookie: string, percent: number): boolean {
  return createHash('sha256').update(`${app}:anon:${cookie}`).digest().readUInt32BE(0) % 10_000 < percent * 100;
}

/**
 * A fresh anonymous browser context whose cohort is (or is not) in `app`'s canary at `percent`, which
 * records CSP violations in `window.__cspViolations`.
 */
export async function clientIn(
  browser: Browser,
  baseURL: string,
  app: string,
  percent: number,
  canary: boolean,
): Promise<BrowserContext> {
  for (let i = 0; i < 200; i++) {
    const cookie = randomBytes(16).toString('base64url');
    if (inCanary(app, cookie, percent) !== canary) continue;
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: 'cw_cohort', value: cookie, url: baseURL }]);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    return context;
  }
  throw new Error('no cohort id found');
}

export interface ChannelState {
  stable: { releaseId: string };
  canary: { releaseId: string; percent: number } | null;
}

/** The app's stable and canary release, read with its deploy token. */
export async function channelOf(request: APIRequestContext, app: string, deployToken: string): Promise<ChannelState> {
  const res = await request.get(`/api/releases/${app}`, { headers: { authorization: `Bearer ${deployToken}` } });
  return ((await res.json()) as { data: { channel: ChannelState } }).data.channel;
}

/** A deploy token for one app, minted by the sandbox administrator. */
export async function mintDeployToken(
  request: APIRequestContext,
  adminToken: string,
  app: string,
  label: string,
): Promise<string> {
  const minted = (await (
    await request.post('/api/admin/releases/tokens', { data: { app, label }, headers: { 'access-token': adminToken } })
  ).json()) as { data: { token: string } };
  return minted.data.token;
}
