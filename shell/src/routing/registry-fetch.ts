/**
 * Reads `/remotes.json`. The server resolves it per client: a signed-in user's cohort is their
 * user id (so the Access-Token goes along), else an anonymous cookie it sets. Never from the
 * HTTP cache: a promotion or rollback must be seen by the next start of the app.
 */
export function createRegistryFetch(deps: { token: () => string | undefined; fetch?: typeof fetch }) {
  return async (): Promise<unknown> => {
    const token = deps.token();
    const response = await (deps.fetch ?? fetch)('/remotes.json', {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: token ? { 'Access-Token': token } : {},
    });
    if (!response.ok) throw new Error(`/remotes.json: HTTP ${response.status}`);
    return response.json();
  };
}
