/** The element the server puts the client's registry in (api/src/web/shell-document.ts). */
export const INLINE_REGISTRY_ID = 'cw-registry';

/**
 * The registry the page arrived with, once: the server resolved it for this client's cohort when
 * it answered the HTML, so the first remote starts without a `/remotes.json` round trip. Used only
 * if it was picked for the cohort the shell would ask for now (`user` when signed in, `anon` when
 * not, `all` from a server without canaries); the element is removed on first read, so a retry
 * or a later refresh asks the server again.
 */
export function takeInlineRegistry(
  signedIn: boolean,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): unknown {
  const element = doc?.getElementById(INLINE_REGISTRY_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent ?? '') as { cohort?: unknown; remotes?: unknown };
    const wanted = signedIn ? 'user' : 'anon';
    if (parsed.cohort !== 'all' && parsed.cohort !== wanted) return undefined;
    return { remotes: parsed.remotes };
  } catch {
    return undefined;
  }
}

/**
 * Reads the registry: first from the page (takeInlineRegistry), else `/remotes.json`. The server
 * resolves it per client: a signed-in user's cohort is their user id (so the Access-Token goes
 * along), else an anonymous cookie it sets. Never from the HTTP cache: a promotion or rollback
 * must be seen by the next start of the app.
 */
export function createRegistryFetch(deps: {
  token: () => string | undefined;
  fetch?: typeof fetch;
  document?: Document;
}) {
  let first = true;
  return async (): Promise<unknown> => {
    const token = deps.token();
    if (first) {
      first = false;
      const inline = takeInlineRegistry(
        Boolean(token),
        deps.document ?? (typeof document === 'undefined' ? undefined : document),
      );
      if (inline) return inline;
    }
    const response = await (deps.fetch ?? fetch)('/remotes.json', {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: token ? { 'Access-Token': token } : {},
    });
    if (!response.ok) throw new Error(`/remotes.json: HTTP ${response.status}`);
    return response.json();
  };
}
