import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MinutePoint } from '@cardwallet/shared/schemas';
import { MinuteChart } from './minute-chart';

const point = (minute: number, sessions: number, errorSessions: number): MinutePoint => ({
  minute: `2026-11-24T12:0${minute}:00.000Z`,
  sessions,
  errorSessions,
  loadFailures: 0,
  lcpP75: 2000 + minute * 100,
});
const rate = (p: MinutePoint) => (p.sessions ? p.errorSessions / p.sessions : null);
const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(0)} %`);

describe('the release console’s per-minute chart', () => {
  afterEach(cleanup);

  it('says in words what it draws: the latest minute of canary and stable, solid and dashed', () => {
    const { container } = render(
      <MinuteChart
        title="Error-session rate"
        canary={[point(1, 10, 1), point(2, 10, 5)]}
        stable={[point(0, 100, 2), point(1, 100, 2), point(2, 100, 3)]}
        value={rate}
        format={pct}
      />,
    );
    expect(screen.getByText(/Error-session rate, last 3 min: canary 50 %/)).toHaveTextContent(
      'Error-session rate, last 3 min: canary 50 % (solid), stable 3 % (dashed)',
    );
    const [stable, canary] = [...container.querySelectorAll('polyline')];
    // Over the same minutes: the canary has no point in minute 0, so its line starts at the second.
    expect(stable!.getAttribute('points')!.split(' ')).toHaveLength(3);
    expect(canary!.getAttribute('points')!.split(' ')).toHaveLength(2);
    expect(canary!.getAttribute('points')!.startsWith('150.0,')).toBe(true);
    // The highest value (50 %) touches the top.
    expect(canary!.getAttribute('points')).toContain('300.0,0.0');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws nothing without a minute of data', () => {
    const { container } = render(<MinuteChart title="p75 LCP" canary={[]} stable={[]} value={rate} format={pct} />);
    expect(container).toBeEmptyDOMElement();
  });
});
