#!/usr/bin/env node
// Feature-app releases from a team's machine or CI (docs/releasing.md). Talks only to the API:
//   node scripts/release.mjs release  <app> [--canary <1-100> | --stable] [--version <v>] [--dist <folder>] [--skip-build] [--skip-check]
//   node scripts/release.mjs promote  <app> [--percent <1-100>] [--release <releaseId>]
//   node scripts/release.mjs rollback <app>
//   node scripts/release.mjs releases <app> [--audit]
//   node scripts/release.mjs token    <app> --label <text>      (administrators: mints a deploy token)
//   node scripts/release.mjs rollout  <app> [--release <releaseId>] [--steps 5,25,50,100] [--candidate-gate]
//   node scripts/release.mjs status   <app>                     (the automatic rollout, canary vs stable, messages)
//   node scripts/release.mjs pause|resume <app>
//   node scripts/release.mjs candidate <app> --passed|--failed [--report <url>]   (the e2e candidate run's result)
// <app>: card | wallet | user | share | passport (or mf_card, mf-card …).
// CW_API_URL (default http://127.0.0.1:8080), CW_DEPLOY_TOKEN (the app's deploy token) or, for an
// administrator, CW_ADMIN_TOKEN / CW_ADMIN_USER + CW_ADMIN_PASSWORD + CW_ADMIN_OTP (the authenticator's 6-digit code).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pnpmCommand } from './pnpm.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['card', 'wallet', 'user', 'share', 'passport'];

export function appOf(input) {
  const short = String(input ?? '')
    .replace(/^mf[-_]/, '')
    .trim();
  if (!APPS.includes(short)) throw new UsageError(`unknown app "${input ?? ''}" (one of ${APPS.join(', ')})`);
  return { short, name: `mf_${short}`, dir: join(ROOT, `mf-${short}`), pkg: `@cardwallet/mf-${short}` };
}

class UsageError extends Error {}

function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env });
  return result.status ?? 1;
}

function pnpm(args, env) {
  const [cmd, pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], env);
}

/** Every file of a build folder, base64, paths relative to it. */
export function readDist(dir) {
  const files = [];
  const walk = (rel) => {
    for (const entry of readdirSync(join(dir, rel))) {
      const child = rel ? `${rel}/${entry}` : entry;
      if (statSync(join(dir, child)).isDirectory()) walk(child);
      else if (entry !== '.release-complete')
        files.push({ path: child, contentBase64: readFileSync(join(dir, child)).toString('base64') });
    }
  };
  walk('');
  return files;
}

async function api(method, path, { token, body } = {}) {
  const base = (process.env.CW_API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (envelope.code !== 200) {
    const reasons = envelope.data?.reasons ? `\n  - ${envelope.data.reasons.join('\n  - ')}` : '';
    const error = new Error(`${envelope.msg} (${envelope.key ?? envelope.code})${reasons}`);
    error.envelope = envelope;
    throw error;
  }
  return envelope.data;
}

async function adminToken() {
  if (process.env.CW_ADMIN_TOKEN) return process.env.CW_ADMIN_TOKEN;
  if (process.env.CW_ADMIN_USER && process.env.CW_ADMIN_PASSWORD && process.env.CW_ADMIN_OTP) {
    const body = {
      username: process.env.CW_ADMIN_USER,
      password: process.env.CW_ADMIN_PASSWORD,
      otp: process.env.CW_ADMIN_OTP,
    };
    return (await api('POST', 'user/adminLogin', { body })).token;
  }
  return undefined;
}

async function deployToken() {
  const token = process.env.CW_DEPLOY_TOKEN ?? (await adminToken());
  if (!token)
    throw new UsageError("set CW_DEPLOY_TOKEN (your app's deploy token) — or CW_ADMIN_TOKEN for an administrator");
  return token;
}

function describe(channel) {
  if (!channel) return 'no release yet';
  const canary = channel.canary ? `, canary ${channel.canary.releaseId} at ${channel.canary.percent} %` : ', no canary';
  return `stable ${channel.stable.releaseId}${canary}`;
}

export function describeRollout(r) {
  const steps = r.steps
    .map((p, i) => (i === r.stepIndex && r.status !== 'awaiting_candidate' ? `[${p}]` : p))
    .join(' → ');
  const reason = r.statusReason ? ` (${r.statusReason})` : '';
  return `${r.app} ${r.releaseId}: automatic rollout ${r.status}${reason}, now ${r.percent} %, steps ${steps}`;
}

export function describeComparison(c) {
  const show = (metric, v) =>
    v === null ? '—' : metric.endsWith('_rate') ? `${(v * 100).toFixed(2)} %` : `${Math.round(v)} ms`;
  const lines = [`verdict: ${c.verdict} (canary ${c.canary.sessions} sessions, stable ${c.stable.sessions})`];
  for (const m of c.metrics)
    lines.push(
      `  ${m.metric.padEnd(18)} canary ${show(m.metric, m.canary).padEnd(9)} stable ${show(m.metric, m.stable).padEnd(9)} ${m.verdict}${m.pValue === null ? '' : ` (p ${m.pValue.toExponential(1)})`}`,
    );
  return lines.join('\n');
}

export async function main(argv = process.argv.slice(2)) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      stable: { type: 'boolean' },
      version: { type: 'string' },
      dist: { type: 'string' },
      'skip-build': { type: 'boolean' },
      'skip-check': { type: 'boolean' },
      percent: { type: 'string' },
      release: { type: 'string' },
      label: { type: 'string' },
      audit: { type: 'boolean' },
      steps: { type: 'string' },
      'candidate-gate': { type: 'boolean' },
      passed: { type: 'boolean' },
      failed: { type: 'boolean' },
      report: { type: 'string' },
    },
  });
  const [command, appArg] = positionals;
  if (!command || command === 'help') {
    console.log(
      readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('\n')
        .slice(1, 14)
        .join('\n')
        .replace(/^\/\/ ?/gm, ''),
    );
    return 0;
  }
  const app = appOf(appArg);

  if (command === 'release') {
    if (values.stable && values.canary) throw new UsageError('--stable and --canary exclude each other');
    const dist = values.dist ?? join(app.dir, 'dist');
    if (!values.dist && !values['skip-build']) {
      // A production build (never a test build), then the app's own FeatureApp contract test.
      if (pnpm(['--filter', app.pkg, 'run', 'build'], { ...process.env, CW_TEST_BUILD: '' }) !== 0)
        throw new Error('build failed');
    }
    if (!values.dist && !values['skip-check'] && existsSync(join(app.dir, 'src/app.test.ts'))) {
      if (pnpm(['--filter', app.pkg, 'exec', 'vitest', 'run', 'src/app.test.ts']) !== 0)
        throw new Error('the FeatureApp contract test failed');
    }
    if (!existsSync(join(dist, 'mf-manifest.json')))
      throw new UsageError(`${dist} has no mf-manifest.json: build the app first`);
    const version = values.version ?? JSON.parse(readFileSync(join(app.dir, 'package.json'), 'utf8')).version;
    const files = readDist(dist);
    const body = {
      version,
      files,
      ...(values.stable ? { stable: true } : { canaryPercent: Number(values.canary ?? 10) }),
    };
    const result = await api('POST', `releases/${app.name}`, { token: await deployToken(), body });
    console.log(
      `${result.created ? 'released' : 'already released'} ${app.name} ${result.release.releaseId} (${files.length} files)`,
    );
    console.log(`now: ${describe(result.channel)}`);
    return 0;
  }
  if (command === 'promote') {
    const body = {
      ...(values.percent ? { percent: Number(values.percent) } : {}),
      ...(values.release ? { releaseId: values.release } : {}),
    };
    const channel = await api('POST', `releases/${app.name}/promote`, { token: await deployToken(), body });
    console.log(`${app.name}: ${describe(channel)}`);
    return 0;
  }
  if (command === 'rollback') {
    const channel = await api('POST', `releases/${app.name}/rollback`, { token: await deployToken(), body: {} });
    console.log(`${app.name}: ${describe(channel)}`);
    return 0;
  }
  if (command === 'releases') {
    const token = await deployToken();
    if (values.audit) {
      const { entries } = await api('GET', `releases/${app.name}/audit`, { token });
      for (const e of entries)
        console.log(
          `${e.at}  ${e.action.padEnd(13)} ${(e.releaseId ?? '').padEnd(24)} ${e.actor}  ${JSON.stringify(e.details)}`,
        );
      return 0;
    }
    const { channel, releases } = await api('GET', `releases/${app.name}`, { token });
    console.log(`${app.name}: ${describe(channel)}`);
    for (const r of releases)
      console.log(
        `${r.createdAt}  ${r.releaseId.padEnd(24)} ${(r.status + (r.canaryPercent ? ` ${r.canaryPercent} %` : '')).padEnd(14)} contract ${r.contractVersion}  by ${r.createdBy}`,
      );
    return 0;
  }
  if (command === 'token') {
    const token = await adminToken();
    if (!token)
      throw new UsageError(
        'minting a deploy token needs an administrator: CW_ADMIN_TOKEN or CW_ADMIN_USER + CW_ADMIN_PASSWORD + CW_ADMIN_OTP',
      );
    const created = await api('POST', 'admin/releases/tokens', {
      token,
      body: { app: app.name, label: values.label ?? `${app.short} CI` },
    });
    console.log(created.token);
    console.error(`deploy token ${created.id} for ${created.app} (shown once; store it as the team's CW_DEPLOY_TOKEN)`);
    return 0;
  }
  if (command === 'rollout') {
    const body = {
      ...(values.release ? { releaseId: values.release } : {}),
      ...(values.steps ? { steps: values.steps.split(',').map((p) => Number(p.trim())) } : {}),
      ...(values['candidate-gate'] ? { candidateGate: true } : {}),
    };
    const rollout = await api('POST', `releases/${app.name}/rollout`, { token: await deployToken(), body });
    console.log(describeRollout(rollout));
    return 0;
  }
  if (command === 'status') {
    const { rollout, comparison, messages } = await api('GET', `releases/${app.name}/rollout`, {
      token: await deployToken(),
    });
    console.log(rollout ? describeRollout(rollout) : `${app.name}: no automatic rollout`);
    if (comparison) console.log(describeComparison(comparison));
    for (const m of messages) console.log(`${m.at}  ${m.text}`);
    return 0;
  }
  if (command === 'pause' || command === 'resume') {
    const rollout = await api('POST', `releases/${app.name}/rollout/${command}`, {
      token: await deployToken(),
      body: {},
    });
    console.log(describeRollout(rollout));
    return 0;
  }
  if (command === 'candidate') {
    if (values.passed === values.failed) throw new UsageError('say --passed or --failed');
    const rollout = await api('POST', `releases/${app.name}/rollout/candidate`, {
      token: await deployToken(),
      body: { passed: Boolean(values.passed), ...(values.report ? { report: values.report } : {}) },
    });
    console.log(describeRollout(rollout));
    return 0;
  }
  throw new UsageError(
    `unknown command "${command}" (release, promote, rollback, releases, token, rollout, status, pause, resume, candidate)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`release: ${error.message}`);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
