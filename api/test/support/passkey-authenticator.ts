import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/**
 * A software WebAuthn authenticator for tests: a real ES256 key, hand-built authenticatorData,
 * CBOR attestation object ("none") and clientDataJSON, so @simplewebauthn/server verifies real
 * signatures — nothing is mocked. Only the few CBOR shapes WebAuthn needs are encoded here.
 */
const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}
const cborBytes = (b: Buffer) => Buffer.concat([cborHead(2, b.length), b]);
const cborText = (s: string) => Buffer.concat([cborHead(3, Buffer.byteLength(s)), Buffer.from(s)]);

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle?: string;
}

export interface CeremonyOptions {
  rpId?: string;
  origin?: string;
  userVerified?: boolean;
  /** Overrides the counter the authenticator reports (for regression tests). */
  counter?: number;
}

function flags(opts: CeremonyOptions, attested: boolean): number {
  return 0x01 | (opts.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export function newPasskey(): SoftPasskey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(32), privateKey, counter: 0 };
}

/** The RegistrationResponseJSON a browser would send for navigator.credentials.create(). */
export function attest(key: SoftPasskey, challenge: string, opts: CeremonyOptions = {}) {
  const jwk = key.privateKey.export({ format: 'jwk' }) as { x: string; y: string };
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(Buffer.from(jwk.x, 'base64url')),
    Buffer.from([0x22]),
    cborBytes(Buffer.from(jwk.y, 'base64url')),
  ]);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(opts.counter ?? key.counter);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const authData = Buffer.concat([
    sha256(opts.rpId ?? 'localhost'),
    Buffer.from([flags(opts, true)]),
    counter,
    Buffer.alloc(16),
    idLength,
    key.credentialId,
    cose,
  ]);
  const attestationObject = Buffer.concat([
    Buffer.from([0xa3]),
    cborText('fmt'),
    cborText('none'),
    cborText('attStmt'),
    Buffer.from([0xa0]),
    cborText('authData'),
    cborBytes(authData),
  ]);
  return {
    id: b64u(key.credentialId),
    rawId: b64u(key.credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64u(clientData('webauthn.create', challenge, opts.origin ?? 'http://localhost:8080')),
      attestationObject: b64u(attestationObject),
      transports: ['internal' as const],
    },
  };
}

/** The AuthenticationResponseJSON of navigator.credentials.get(); moves the counter forward. */
export function assertion(key: SoftPasskey, challenge: string, opts: CeremonyOptions = {}) {
  if (opts.counter === undefined) key.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(opts.counter ?? key.counter);
  const authData = Buffer.concat([sha256(opts.rpId ?? 'localhost'), Buffer.from([flags(opts, false)]), counter]);
  const cdj = clientData('webauthn.get', challenge, opts.origin ?? 'http://localhost:8080');
  const signature = sign('sha256', Buffer.concat([authData, sha256(cdj)]), key.privateKey);
  return {
    id: b64u(key.credentialId),
    rawId: b64u(key.credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64u(cdj),
      authenticatorData: b64u(authData),
      signature: b64u(signature),
      ...(key.userHandle ? { userHandle: key.userHandle } : {}),
    },
  };
}

/** A new software passkey registered for the customer of `token` through the real ceremony. */
export async function enrolPasskey(t: TestApp, token: string): Promise<SoftPasskey> {
  const key = newPasskey();
  const opts = await t.post('passkey/registerOptions', {}, { token });
  const res = await t.post(
    'passkey/register',
    { ceremonyId: opts.data.ceremonyId, response: attest(key, opts.data.options.challenge) },
    { token },
  );
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200 });
  key.userHandle = opts.data.options.user.id;
  return key;
}

/** A step-up proof ceremony (passkey/proofOptions) of the customer of `token`. */
export async function proofCeremony(
  t: TestApp,
  token: string,
): Promise<{ ceremonyId: string; options: { challenge: string } }> {
  const o = await t.post('passkey/proofOptions', {}, { token });
  expect(o.code, JSON.stringify(o)).toBe(200);
  return o.data as { ceremonyId: string; options: { challenge: string } };
}
