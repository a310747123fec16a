import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { RemoteName } from '@cardwallet/shared';
import type { FeatureRegistry } from '../routing/feature-registry';
import { appOfPath, releaseFolder, routeOf, type AppRelease } from './attribution';
import { drainTelemetryQueue } from './drain';
import { TelemetryReporter } from './reporter';

export interface TelemetryStartOptions {
  registry: Pick<FeatureRegistry, 'status' | 'descriptor'>;
  /** The API base (`…/api/`). */
  apiBaseUrl: string;
  sampleRate: number;
  /** How often queued events are sent while the tab is open. */
  intervalMs?: number;
}

/** The releases of this tab, with their folders (for attributing stacks) and route prefixes. */
export function appsOf(registry: TelemetryStartOptions['registry'], base: string): AppRelease[] {
  const apps: AppRelease[] = [];
  for (const s of registry.status()) {
    const d = registry.descriptor(s.name as RemoteName);
    if (!s.releaseId || !d) continue;
    apps.push({
      app: s.name,
      releaseId: s.releaseId,
      folder: releaseFolder(d.manifestUrl, base),
      routePrefix: s.routePrefix,
    });
  }
  return apps;
}

/**
 * Starts the telemetry of this tab (loaded lazily when the browser is idle, see schedule.ts):
 * error views' queue, uncaught errors and rejections, web vitals of feature-app pages; batches
 * go out every `intervalMs` and when the page is hidden (sendBeacon survives the tab closing).
 */
export function startTelemetry(o: TelemetryStartOptions): TelemetryReporter {
  const base = location.href;
  const apps = () => appsOf(o.registry, base);
  const reporter = new TelemetryReporter({
    endpoint: `${o.apiBaseUrl}telemetry`,
    ticket: (sessionId, releases) =>
      fetch(`${o.apiBaseUrl}telemetry/ticket`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, releases }),
        credentials: 'omit',
      })
        .then((r) => r.json() as Promise<{ code: number; data?: { ticket: string; expiresAt: number } }>)
        .then((b) => (b.code === 200 ? b.data : undefined)),
    sampleRate: o.sampleRate,
    apps,
    attempted: () =>
      o.registry
        .status()
        .filter((s) => s.state !== 'idle')
        .map((s) => s.name),
  });
  if (!reporter.sampled) return reporter;

  drainTelemetryQueue((e) =>
    e.kind === 'load_failure' ? reporter.loadFailure(e.app, e.reason) : reporter.error(e.app, 'boundary'),
  );
  window.addEventListener('error', (event) => reporter.uncaught(event.error, 'uncaught'));
  window.addEventListener('unhandledrejection', (event) => reporter.uncaught(event.reason, 'rejection'));

  // Vitals belong to the app whose page they were measured on (the shell's own pages are not a release).
  const report = (name: 'LCP' | 'INP' | 'CLS') => (metric: Metric) => {
    const app = appOfPath(location.pathname, apps());
    if (app) reporter.vital(app.app, name, metric.value, routeOf(location.pathname));
  };
  // One observer per task: set up together they were one 20–40 ms task after the first screen at
  // 4× CPU. Each reads the entries buffered before it (web-vitals observes buffered).
  const observers = [() => onLCP(report('LCP')), () => onINP(report('INP')), () => onCLS(report('CLS'))];
  const observeNext = () => {
    observers.shift()?.();
    if (observers.length) setTimeout(observeNext, 0);
  };
  setTimeout(observeNext, 0);

  // Lives as long as the tab (the reporter is started once).
  setInterval(() => reporter.flush(), o.intervalMs ?? 10_000);
  const hidden = () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  };
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', () => reporter.flush());
  return reporter;
}
