import type { z } from 'zod';
import { ERROR_KEYS, type ErrorKey } from '@cardwallet/shared';
import { InvalidParamsError } from '../../http/errors.js';
import { WalletError } from './errors.js';

const errorKeys = new Set<string>(ERROR_KEYS);

/**
 * Validates with the shared schema the form also uses. Issues whose message is an error key
 * (`errors.address_invalid`, `errors.network_unsupported` …) become that business error, so the
 * client gets the spec's message ("Invalid address"); the rest become 422 with per-field messages.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = issue.message.startsWith('errors.') ? issue.message.slice(7) : '';
    if (errorKeys.has(key)) throw new WalletError(key as ErrorKey);
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    fields[name] ??= issue.message;
  }
  throw new InvalidParamsError(fields);
}
