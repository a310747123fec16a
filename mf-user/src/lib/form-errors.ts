import { apiFieldErrors } from '@cardwallet/shared/forms';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's per-field messages (invalid-params answers) on the matching inputs.
 * `rename` maps an API field to the form field the user typed in (account → email/national).
 * Returns whether any field message was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
  rename: (apiField: string) => string = (f) => f,
): boolean {
  let placed = false;
  for (const [apiField, message] of Object.entries(apiFieldErrors(error))) {
    const field = rename(apiField);
    if (!knownFields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * `?redirect=` targets: only this site's pages (a crafted link must not send the customer
 * elsewhere after they typed a secret), never a login page.
 */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/pages/') || target.startsWith('//') || target.includes('\\')) return null;
  if (target.startsWith('/pages/passport/')) return null;
  return target;
}
