import type { z } from 'zod';

/** A section of the configuration as loadConfig composes it: the settings, or every problem by variable. */
export interface Section<T> {
  config?: T;
  errors: string[];
}

/** Parses the section's variables with `schema` and shapes them with `build`; problems read "NAME: message". */
export function readSection<S extends z.ZodType, T>(
  schema: S,
  env: Record<string, string | undefined>,
  build: (e: z.output<S>) => T,
): Section<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  return { errors: [], config: build(parsed.data) };
}
