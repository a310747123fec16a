import type { EarlyTelemetry, Holder } from './queue';

// Apart from queue.ts, so the initial chunk (error views) carries only the push.
/** Takes what was queued (and keeps receiving through `sink` from now on). */
export function drainTelemetryQueue(sink: (event: EarlyTelemetry) => void): void {
  const holder = globalThis as Holder;
  const queued = holder.__cwTelemetryQueue ?? [];
  // From now on, pushes go straight to the reporter.
  holder.__cwTelemetryQueue = {
    push: (...events: EarlyTelemetry[]) => (events.forEach(sink), 0),
  } as unknown as EarlyTelemetry[];
  queued.forEach(sink);
}
