import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { fakeBuild } from '../releases/fake-build';
import type { TestApp } from '../support/harness';
import { telemetryOf } from '../../src/modules/telemetry/instance';
import type { TelemetryEvent } from '../../src/modules/telemetry/ingest';

/** Deterministic PRNG (mulberry32): synthetic traffic is the same on every run, so no test is flaky. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

export interface Traffic {
  errorRate: number;
  loadFailureRate: number;
  /** LCP: lognormal with this median (ms) and σ, plus a constant added (a slower release). */
  lcpMedian: number;
  lcpExtra?: number;
  inpMedian: number;
}

export const HEALTHY: Traffic = { errorRate: 0.02, loadFailureRate: 0.005, lcpMedian: 1800, inpMedian: 120 };

/** `sessions` browser sessions of one release, sent through the ingest in batches of 64 events. */
export async function sendSessions(
  t: TestApp,
  app: string,
  release: string,
  sessions: number,
  traffic: Traffic,
  r: () => number,
): Promise<void> {
  const { ingest } = telemetryOf(t.app);
  let events: TelemetryEvent[] = [];
  const push = async (e: TelemetryEvent) => {
    events.push(e);
    if (events.length === 64) {
      await ingest.ingest({ sessionId: 'synthetic-session-0001', events });
      events = [];
    }
  };
  for (let i = 0; i < sessions; i++) {
    await push({ type: 'session', app, release });
    if (r() < traffic.loadFailureRate) {
      await push({ type: 'load_failure', app, release, stage: 'chunk' });
      continue;
    }
    if (r() < traffic.errorRate) await push({ type: 'error', app, release, source: 'boundary', first: true, count: 1 });
    await push({
      type: 'vital',
      app,
      release,
      name: 'LCP',
      value: traffic.lcpMedian * Math.exp(0.5 * normal(r)) + (traffic.lcpExtra ?? 0),
      route: '/pages/card/index',
    });
    await push({
      type: 'vital',
      app,
      release,
      name: 'INP',
      value: traffic.inpMedian * Math.exp(0.6 * normal(r)),
      route: '/pages/card/index',
    });
    await push({ type: 'vital', app, release, name: 'CLS', value: 0.05 * r(), route: '/pages/card/index' });
  }
  if (events.length) await ingest.ingest({ sessionId: 'synthetic-session-0001', events });
}

export function releaseRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'cw-telemetry-'));
}

/** Publishes a fake build of `app` with the admin's token; returns its release id. */
export async function publish(
  t: TestApp,
  adminToken: string,
  app: string,
  label: string,
  mode: { stable?: boolean; canaryPercent?: number } = {},
): Promise<string> {
  const files = fakeBuild({ app, label }).map((f) => ({ path: f.path, contentBase64: f.body.toString('base64') }));
  const res = await t.post(
    `releases/${app}`,
    { version: `1.0.${label.replace(/\D/g, '') || '0'}`, files, ...mode },
    { headers: { authorization: `Bearer ${adminToken}` } },
  );
  expect(res.code, res.msg).toBe(200);
  return res.data.release.releaseId as string;
}
