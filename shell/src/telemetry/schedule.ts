import type { FeatureRegistry } from '../routing/feature-registry';
import { afterFirstScreen } from '../services/first-screen';

/**
 * Loads the telemetry reporter (and web-vitals) as its own chunk once the browser is idle after
 * the first paint, so it costs the first paint nothing. The sample rate comes from
 * `<meta name="cw-telemetry-sample-rate" content="0.25">` (default: every session; 0 turns it off).
 */
export function scheduleTelemetry(
  registry: Pick<FeatureRegistry, 'status' | 'descriptor'>,
  apiBaseUrl: () => string,
): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="cw-telemetry-sample-rate"]')?.content;
  const sampleRate =
    meta === undefined || meta === '' || Number.isNaN(Number(meta)) ? 1 : Math.min(1, Math.max(0, Number(meta)));
  if (sampleRate === 0) return;
  const load = () => {
    void import(/* webpackChunkName: "telemetry" */ './start')
      .then(({ startTelemetry }) => startTelemetry({ registry, apiBaseUrl: apiBaseUrl(), sampleRate }))
      .catch(() => undefined);
  };
  // After the first page's content (issue 24: not among the files the first screen waits for).
  afterFirstScreen(load, 5_000);
}
