import './zod-config';
import { z } from 'zod';

/** GET app/version?versionCode= (public) — whether this front end should be upgraded. */
export const appVersionQuery = z.object({ versionCode: z.coerce.number().int().min(0).max(1_000_000_000) });
export const appVersionResult = z.object({
  latestVersionCode: z.number().int(),
  minimumVersionCode: z.number().int(),
  /** A newer build is deployed: offer the upgrade. */
  upgradeAvailable: z.boolean(),
  /** The client is below the minimum: the upgrade cannot be put off. */
  upgradeRequired: z.boolean(),
});
export type AppVersion = z.infer<typeof appVersionResult>;
