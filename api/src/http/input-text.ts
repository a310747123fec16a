import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { V, isAcceptedText, multiLineTexts } from '@cardwallet/shared/schemas';
import { InvalidParamsError } from './errors.js';

/**
 * The one input rule for every string the API takes (shared `isAcceptedText`): each path parameter,
 * query value and JSON body string is checked before the route's schema runs, whether the route has a
 * schema for that part or not. NUL, C0 controls, DEL and lone surrogates are refused with 422
 * `invalid_params` naming the field (`validation.characters`); tab / line feed / carriage return pass
 * only in body fields whose schema is marked `multiLineText`. Accepted strings are rewritten in NFC, so
 * identifiers are compared (and stored) in one normal form. Raw bodies (webhooks signed over their
 * bytes, uploads) are Buffers or streams and are left alone.
 */
export function registerInputTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bad: Record<string, string> = {};
    request.params = checkTree(request.params, undefined, '', bad) as typeof request.params;
    request.query = checkTree(request.query, undefined, '', bad) as typeof request.query;
    request.body = checkTree(request.body, bodySchemaOf(request), '', bad);
    if (Object.keys(bad).length > 0) throw new InvalidParamsError(bad);
  });
}

function bodySchemaOf(request: FastifyRequest): z.ZodType | undefined {
  const body = (request.routeOptions.schema as { body?: unknown } | undefined)?.body;
  return body && typeof body === 'object' && '_zod' in body ? (body as z.ZodType) : undefined;
}

/** Checks (and NFC-normalises) every string in `value`; `schema` is the zod schema at this position, if known. */
function checkTree(value: unknown, schema: z.ZodType | undefined, path: string, bad: Record<string, string>): unknown {
  if (typeof value === 'string') {
    if (!isAcceptedText(value, schema !== undefined && isMultiLine(schema))) {
      bad[path || '_'] = V.characters;
      return value;
    }
    return value.normalize('NFC');
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      value[i] = checkTree(value[i], childSchema(schema, i), join(path, String(i)), bad);
    return value;
  }
  // Query objects come with a null-based prototype of their own; streams and dates are not input text.
  if (value instanceof Date || typeof (value as { pipe?: unknown }).pipe === 'function') return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!isAcceptedText(key)) {
      bad[join(path, key.replace(/[^\x20-\x7E]/g, '?'))] = V.characters;
      continue;
    }
    record[key] = checkTree(record[key], childSchema(schema, key), join(path, key), bad);
  }
  return record;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value may be checked by: wrappers (optional, default, pipe…) unwrapped, unions spread. */
function candidates(schema: z.ZodType | undefined, depth = 0): z.ZodType[] {
  if (!schema || depth > 20) return [];
  const def = defOf(schema);
  const inner = def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter?.() : (def.innerType ?? undefined);
  if (inner) return [schema, ...candidates(inner, depth + 1)];
  if (def.type === 'union') return [schema, ...(def.options ?? []).flatMap((o) => candidates(o, depth + 1))];
  if (def.type === 'intersection')
    return [schema, ...candidates(def.left, depth + 1), ...candidates(def.right, depth + 1)];
  return [schema];
}

function isMultiLine(schema: z.ZodType): boolean {
  return candidates(schema).some((s) => multiLineTexts.has(s));
}

function childSchema(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  const found: z.ZodType[] = [];
  for (const s of candidates(schema)) {
    const def = defOf(s);
    if (def.type === 'object') {
      const child = typeof key === 'string' ? (def.shape?.[key] ?? def.catchall) : undefined;
      if (child) found.push(child);
    } else if (def.type === 'array' && typeof key === 'number' && def.element) found.push(def.element);
    else if (def.type === 'record' && def.valueType) found.push(def.valueType);
  }
  if (found.length <= 1) return found[0];
  // Several union branches: multi-line if any branch allows it (the schema itself decides the rest).
  return found.find(isMultiLine) ?? found[0];
}
