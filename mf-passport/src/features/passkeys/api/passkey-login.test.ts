import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeHttp } from '@cardwallet/shared/testing/fake-host';

const order: string[] = [];
const startAuthentication = vi.fn(async (args: { optionsJSON: unknown; useBrowserAutofill: boolean }) => {
  order.push('ceremony');
  return { id: 'cred-1', rawId: 'cred-1', response: {}, type: 'public-key', seenOptions: args.optionsJSON };
});
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: (a: never) => startAuthentication(a) }));
vi.mock('../../../lib/lazy-schemas', async () => {
  const real = await vi.importActual<typeof import('../../../lib/lazy-schemas')>('../../../lib/lazy-schemas');
  return {
    ...real,
    loadSchemas: () => {
      order.push('schemas');
      return real.loadSchemas();
    },
  };
});
const { signInWithPasskey } = await import('./passkey-login');

const options = { challenge: 'c2lnbi1pbg', rpId: 'cardwallet.test', allowCredentials: [] };
const session = { token: '', userId: '7' };

function server(loginOptions: unknown) {
  return createFakeHttp({
    'POST passkey/loginOptions': () => loginOptions,
    'POST passkey/login': () => session,
  });
}

describe('passkey sign-in: what loads when', () => {
  beforeEach(() => {
    order.length = 0;
    startAuthentication.mockClear();
  });

  it('autofill: the waiting ceremony starts without the schemas; they check the answer once a passkey is picked', async () => {
    const { http, calls } = server({ ceremonyId: 'cer-1', options });
    await expect(signInWithPasskey(http, true)).resolves.toEqual(session);
    expect(order).toEqual(['ceremony', 'schemas']);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: true });
    expect(calls.map((c) => c.url)).toEqual(['passkey/loginOptions', 'passkey/login']);
    expect(calls[1]?.body).toMatchObject({ ceremonyId: 'cer-1', response: { id: 'cred-1' } });
  });

  it('autofill: an answer without options never reaches the browser', async () => {
    const { http } = server({ ceremonyId: 'cer-1' });
    await expect(signInWithPasskey(http, true)).rejects.toThrow(TypeError);
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it('autofill: a picked passkey with an answer the schemas refuse sends nothing back', async () => {
    const { http, calls } = server({ ceremonyId: 42, options });
    await expect(signInWithPasskey(http, true)).rejects.toThrow();
    expect(calls.map((c) => c.url)).toEqual(['passkey/loginOptions']);
  });

  it('the button: the schemas load with the options and check them before the dialog opens', async () => {
    const good = server({ ceremonyId: 'cer-2', options });
    await expect(signInWithPasskey(good.http, false)).resolves.toEqual(session);
    expect(order[0]).toBe('schemas');
    expect(order.indexOf('ceremony')).toBeGreaterThan(0);
    const bad = server({ ceremonyId: 'cer-3', options: { rpId: 'x' } });
    startAuthentication.mockClear();
    await expect(signInWithPasskey(bad.http, false)).rejects.toThrow();
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});
