import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/envelope';
import { apiErrorMessage, apiFieldErrors } from './api-error';

// A fake t that shows which key and namespace were asked for, so the fallback order is visible.
const t = ((key: string, opts?: { ns?: string }) => `${opts?.ns}:${key}`) as unknown as TFunction;

describe('apiErrorMessage', () => {
  it("prefers the server's translated message", () => {
    expect(apiErrorMessage(new ApiError('Code expired', 400, 1, 'timeout'), t)).toBe('Code expired');
  });
  it('falls back to the shared catalogue by key, then to operation_failed', () => {
    expect(apiErrorMessage(new ApiError('', 0, undefined, 'timeout'), t)).toBe('common:errors.timeout');
    expect(apiErrorMessage(new Error('boom'), t)).toBe('common:errors.operation_failed');
  });
  it('returns no field errors for a non-API error', () => {
    expect(apiFieldErrors(new Error('x'))).toEqual({});
  });
});
