import { z } from 'zod';
import { ERROR_KEYS, ResultCode, translate, type ApiEnvelope, type ErrorKey, type Locale } from '@cardwallet/shared';

/**
 * Response schema of a route: the success envelope with `data`, or an error envelope. Every
 * business outcome is HTTP 200, so both shapes share status 200 in the OpenAPI document.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.union([z.object({ code: z.literal(ResultCode.ok), msg: z.string(), data }), errorEnvelope]);
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  key: z.enum(ERROR_KEYS),
  data: z.unknown(),
});

export function okEnvelope<T>(locale: Locale, data: T): { code: typeof ResultCode.ok; msg: string; data: T } {
  return { code: ResultCode.ok, msg: translate(locale, 'messages.ok'), data };
}

export function errorBody(
  locale: Locale,
  code: number,
  key: ErrorKey,
  params: Record<string, string | number> = {},
  data: unknown = null,
): ApiEnvelope {
  return { code, msg: translate(locale, `errors.${key}`, params), key, data };
}

/** Turns zod issues into `{ field: translated message }` (the first issue per field wins). */
export function fieldMessages(
  locale: Locale,
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  prefix = '',
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    if (fields[name]) continue;
    fields[name] = translateFieldMessage(locale, issue.message);
  }
  return fields;
}

export function translateFieldMessage(locale: Locale, message: string): string {
  // Our schemas carry catalogue keys (validation.*); zod's own texts (wrong type, unknown enum…)
  // are English prose, so they become the generic translated "invalid value".
  return /^validation\.[A-Za-z]+$/.test(message) ? translate(locale, message) : translate(locale, 'validation.invalid');
}
