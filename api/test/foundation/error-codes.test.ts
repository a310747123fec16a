import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, ResultCode, type ErrorKey } from '@cardwallet/shared';
import { API_DIR } from '../../src/config';
import { BusinessError, defaultCodeOf, rateLimited } from '../../src/http/errors';

/**
 * One body code per error key: the table (src/http/errors.ts) decides, a BusinessError always answers
 * it, and every call site that states a code (`new XxxError('key', …, ResultCode.x)`, `{ code: … }`,
 * `gate(…)`, `rateLimited(…)`) states the table's — read from the source, so a new call site that
 * disagrees fails here instead of answering two codes for one key.
 */
const CODES = new Set<number>(Object.values(ResultCode));
const BY_NAME = ResultCode as Record<string, number>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function statedCode(rest: string): number | undefined {
  const m = /^[^;]*?(?:code:\s*|,\s*)(?:ResultCode\.(\w+)|(\d{3}))\b/.exec(rest);
  if (!m) return undefined;
  return m[1] ? BY_NAME[m[1]] : Number(m[2]);
}

describe('error table', () => {
  it('gives every error key one code, a ResultCode other than ok', () => {
    for (const key of ERROR_KEYS) {
      const code = defaultCodeOf(key);
      expect(CODES.has(code), key).toBe(true);
      expect(code, key).not.toBe(ResultCode.ok);
    }
  });

  it('answers the table code whatever a caller states', () => {
    expect(new BusinessError('address_invalid').code).toBe(ResultCode.invalidParams);
    expect(new BusinessError('address_invalid', {}, { code: ResultCode.failed }).code).toBe(ResultCode.invalidParams);
    expect(rateLimited('account_locked', 5).code).toBe(ResultCode.rateLimited);
  });

  it('every code stated at a call site in api/src equals the table', () => {
    const mismatches: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(path.join(API_DIR, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      const rel = path.relative(API_DIR, file);
      for (const m of text.matchAll(
        /new (?:Business|Wallet|Card)Error\(\s*'([a-z0-9_]+)'([\s\S]{0,300}?)\)\s*[;,)\n]/g,
      )) {
        const key = m[1] as ErrorKey;
        expect(ERROR_KEYS, `${rel}: unknown key ${key}`).toContain(key);
        const stated = statedCode(m[2]!);
        if (stated === undefined) continue;
        seen++;
        if (stated !== defaultCodeOf(key))
          mismatches.push(`${rel}: ${key} stated ${stated}, table ${defaultCodeOf(key)}`);
      }
      for (const m of text.matchAll(/\bgate\('([a-z0-9_]+)'/g)) {
        seen++;
        if (defaultCodeOf(m[1] as ErrorKey) !== ResultCode.forbidden)
          mismatches.push(`${rel}: gate ${m[1]} is not 403`);
      }
      for (const m of text.matchAll(/\brateLimited\('([a-z0-9_]+)'/g)) {
        seen++;
        if (defaultCodeOf(m[1] as ErrorKey) !== ResultCode.rateLimited) mismatches.push(`${rel}: ${m[1]} is not 429`);
      }
    }
    expect(mismatches).toEqual([]);
    // The scan does read the call sites (it would pass vacuously if the pattern stopped matching).
    expect(seen).toBeGreaterThan(50);
  });
});
