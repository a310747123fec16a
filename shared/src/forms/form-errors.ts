import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiFieldErrors } from './api-error';

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
