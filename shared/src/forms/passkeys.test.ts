import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/envelope';
import { defaultPasskeyName, isPasskeyCancel, passkeyErrorMessage, passkeysUsableHere } from './passkeys';

const t = ((key: string, o?: Record<string, string>) =>
  o ? `${key}:${o.browser}/${o.system}` : key) as unknown as TFunction;

describe('passkey helpers', () => {
  it('no passkey UI on an IP-address origin (browsers refuse WebAuthn there)', () => {
    expect(passkeysUsableHere('localhost')).toBe(true);
    expect(passkeysUsableHere('wallet.example.com')).toBe(true);
    expect(passkeysUsableHere('127.0.0.1')).toBe(false);
    expect(passkeysUsableHere('[::1]')).toBe(false);
  });

  it('names a new passkey after the browser and system', () => {
    expect(
      defaultPasskeyName(t, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36'),
    ).toBe('passkeys.defaultName:Chrome/Android');
    expect(defaultPasskeyName(t, 'curl/8')).toBe('passkeys.defaultNamePlain');
  });

  it("says what went wrong: the browser's refusals in the app's words, the API's through its error wording", () => {
    const api = () => 'api words';
    expect(passkeyErrorMessage(Object.assign(new Error('x'), { name: 'NotAllowedError' }), t, api)).toBe(
      'passkeys.errorCancelled',
    );
    expect(passkeyErrorMessage(Object.assign(new Error('x'), { name: 'InvalidStateError' }), t, api)).toBe(
      'passkeys.errorExists',
    );
    expect(passkeyErrorMessage(new Error('boom'), t, api)).toBe('passkeys.errorFailed');
    expect(passkeyErrorMessage(new ApiError('no', 200, 422, 'passkey_invalid'), t, api)).toBe('api words');
    expect(isPasskeyCancel({ code: 'ERROR_CEREMONY_ABORTED' })).toBe(true);
  });
});
