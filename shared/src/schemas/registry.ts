import './zod-config';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteDescriptor, type RemoteRegistry } from '../contract';

/** One entry of `/remotes.json`, fetched by the shell at start-up (nothing is baked in its build). */
export const remoteDescriptorSchema: z.ZodType<RemoteDescriptor> = z.object({
  name: z.enum(REMOTE_NAMES),
  /** e.g. "/pages/card/" — every route under it belongs to this remote. */
  routePrefix: z.string().regex(/^\/pages\/[a-z_-]+\/$/),
  /** Absolute or root-relative URL of the remote's mf-manifest.json. */
  manifestUrl: z.string().min(1),
  /** The contract MAJOR the deployed build was compiled against. */
  contractMajor: z.number().int().nonnegative(),
  /** The release served (issue 15): version, immutable id, stable or canary. */
  version: z.string().max(64).optional(),
  releaseId: z.string().max(80).optional(),
  channel: z.enum(['stable', 'canary']).optional(),
});
export const remoteRegistrySchema: z.ZodType<RemoteRegistry> = z.object({ remotes: z.array(remoteDescriptorSchema) });
