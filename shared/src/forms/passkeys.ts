import type { TFunction } from 'i18next';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../api/envelope';
import type { HttpClient } from '../contract';
import { passkeyListResult } from '../schemas/passkeys';

/**
 * What the passkey pages of every feature app say about the browser's WebAuthn ceremonies. The
 * texts are the calling app's (`passkeys.*` in its namespace); API refusals go through the app's
 * own API-error wording.
 */

/** Browsers refuse WebAuthn on an IP-address origin (e.g. http://127.0.0.1): no passkey UI there. */
export function passkeysUsableHere(hostname = typeof location === 'undefined' ? '' : location.hostname): boolean {
  return Boolean(hostname) && !/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) && !hostname.startsWith('[');
}

/** The user closed the dialog, or another ceremony (a button) replaced the autofill one. */
export function isPasskeyCancel(error: unknown): boolean {
  const e = error as { name?: string; code?: string } | null;
  return e?.name === 'NotAllowedError' || e?.name === 'AbortError' || e?.code === 'ERROR_CEREMONY_ABORTED';
}

/** A failed passkey ceremony in words: the browser's refusals (cancelled, already registered) or the API's. */
export function passkeyErrorMessage(
  error: unknown,
  t: TFunction,
  apiErrorMessage: (error: unknown, t: TFunction) => string,
): string {
  if (isApiError(error)) return apiErrorMessage(error, t);
  const e = error as { name?: string; code?: string } | null;
  if (e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e?.name === 'InvalidStateError')
    return t('passkeys.errorExists');
  if (isPasskeyCancel(error)) return t('passkeys.errorCancelled');
  return t('passkeys.errorFailed');
}

/** "Chrome on Android" style default name from the browser, else a plain "Passkey". */
export function defaultPasskeyName(
  t: TFunction,
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return t('passkeys.defaultName', { browser, system });
  return t('passkeys.defaultNamePlain');
}

/**
 * GET passkey/list under ONE cache key for every feature app: the shell's query cache is shared
 * (QueryBoundary), so when mf-user adds, renames or removes a passkey and invalidates this key,
 * the card and wallet pages that offer "Confirm with passkey" see the new list too.
 */
export const passkeyListQueryKey = ['passkeys', 'list'] as const;
export const passkeyListQueryOptions = (http: HttpClient, userId: string | null) =>
  queryOptions({
    queryKey: [...passkeyListQueryKey, userId],
    queryFn: async () =>
      passkeyListResult.parse(await http.get<unknown>('passkey/list', undefined, { prompt: false })).items,
  });
