/**
 * What happens before the reporter is loaded (it loads when the browser is idle, after first
 * paint): error views push here and the reporter drains it. A plain global array keeps this tiny
 * and import-free, so the home page's initial JS stays as it was.
 */
export type EarlyTelemetry = { kind: 'load_failure'; app: string; reason: string } | { kind: 'boundary'; app: string };

export type Holder = { __cwTelemetryQueue?: EarlyTelemetry[] };

export function enqueueTelemetry(event: EarlyTelemetry): void {
  ((globalThis as Holder).__cwTelemetryQueue ??= []).push(event);
}
