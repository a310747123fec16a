import type { AppOverview } from '@cardwallet/shared/schemas';
import type { ChannelState } from '../releases/service.js';
import type { RolloutService } from './rollouts.js';

/**
 * The console's view of each app in `channels` (the admin sees every app, a team with its deploy
 * token only its own): the same figures the canary analysis judges.
 */
export async function appOverviews(rollouts: RolloutService, channels: ChannelState[]): Promise<AppOverview[]> {
  const latest = await rollouts.latest();
  return Promise.all(
    channels.map(async (c) => ({
      app: c.app,
      stable: { releaseId: c.stable.releaseId, version: c.stable.version },
      canary: c.canary ? { releaseId: c.canary.releaseId, version: c.canary.version, percent: c.canary.percent } : null,
      rollout: latest.find((r) => r.app === c.app) ?? null,
      comparison: c.canary ? await rollouts.compare(c.app) : null,
      series: c.canary ? await rollouts.series(c.app) : null,
    })),
  );
}
