import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Logs why a remote failed (down, slow, broken manifest). Returning nothing lets loadRemote reject,
 * and the page shows the error view with Retry while the rest of the app keeps working.
 */
export function federationErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cardwallet-remote-errors',
    errorLoadRemote(args) {
      console.warn(`[shell] remote ${args.id} failed to load (${args.lifecycle})`, args.error);
      return undefined;
    },
  };
}
