import type { MinutePoint } from '@cardwallet/shared/schemas';

const WIDTH = 300;
const HEIGHT = 64;

/** `points` as an SVG polyline over the chart, x by minute index of `minutes`, y scaled to `max`. */
function line(points: Array<number | null>, max: number): string {
  const step = points.length > 1 ? WIDTH / (points.length - 1) : 0;
  return points
    .map((v, i) => (v === null ? null : `${(i * step).toFixed(1)},${(HEIGHT - (v / max) * HEIGHT).toFixed(1)}`))
    .filter((p): p is string => p !== null)
    .join(' ');
}

/**
 * One metric per minute, canary against stable over the same minutes (the release console's small
 * chart). The SVG is a picture of what the caption says in words, so screen readers read the caption.
 */
export function MinuteChart({
  title,
  canary,
  stable,
  value,
  format,
}: {
  title: string;
  canary: MinutePoint[];
  stable: MinutePoint[];
  value: (p: MinutePoint) => number | null;
  format: (v: number | null) => string;
}) {
  const minutes = [...new Set([...canary, ...stable].map((p) => p.minute))].sort();
  if (minutes.length === 0) return null;
  const at = (series: MinutePoint[]) => {
    const byMinute = new Map(series.map((p) => [p.minute, p]));
    return minutes.map((m) => {
      const p = byMinute.get(m);
      return p ? value(p) : null;
    });
  };
  const c = at(canary);
  const s = at(stable);
  const max = Math.max(...[...c, ...s].map((v) => v ?? 0), Number.EPSILON);
  const last = (v: Array<number | null>) => [...v].reverse().find((x) => x !== null) ?? null;
  return (
    <figure className="cw-console-chart">
      <figcaption>
        {title}, last {minutes.length} min: canary {format(last(c))} (
        <span className="cw-console-chart-canary">solid</span>), stable {format(last(s))} (
        <span className="cw-console-chart-stable">dashed</span>)
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} aria-hidden="true" focusable="false">
        <polyline className="cw-console-chart-stable" points={line(s, max)} />
        <polyline className="cw-console-chart-canary" points={line(c, max)} />
      </svg>
    </figure>
  );
}
