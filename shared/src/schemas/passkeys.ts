import './zod-config';
import { z } from 'zod';
import { V } from './validation';

const INVALID = 'validation.invalid';

/**
 * Passkeys (WebAuthn, issue 22). The browser's credential JSON (as @simplewebauthn/browser returns
 * it) travels as is; the API verifies it with @simplewebauthn/server. Every ceremony starts with an
 * *Options call that answers a single-use `ceremonyId` (5 minutes) to send back with the response.
 */
const b64url = (max: number) =>
  z
    .string({ error: V.required })
    .min(1, V.required)
    .max(max, V.tooLong)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID);
const extensions = z.record(z.string().max(64), z.unknown()).optional().default({});
/** The ceremonyId of an *Options answer (for a step-up proof: `{ kind: 'passkey', ceremonyId, response: authenticationResponseJson }`). */
export const passkeyCeremonyId = z
  .string({ error: V.required })
  .min(20, INVALID)
  .max(64, INVALID)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID);

export const passkeyName = z.string({ error: V.required }).trim().min(1, V.required).max(64, V.tooLong);

export const registrationResponseJson = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensions,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    authenticatorData: b64url(4096).optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(8)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

export const authenticationResponseJson = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensions,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: b64url(512).optional(),
  }),
});
export type AuthenticationResponseBody = z.input<typeof authenticationResponseJson>;

/** The options for navigator.credentials.create/get, as JSON (passed to @simplewebauthn/browser). */
export const passkeyOptionsResult = z.object({
  ceremonyId: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResult = z.infer<typeof passkeyOptionsResult>;

/** POST passkey/register */
export const passkeyRegisterBody = z.object({
  ceremonyId: passkeyCeremonyId,
  response: registrationResponseJson,
  name: passkeyName.optional(),
});
/** POST passkey/login */
export const passkeyLoginBody = z.object({ ceremonyId: passkeyCeremonyId, response: authenticationResponseJson });
/** POST passkey/rename */
export const passkeyRenameBody = z.object({
  id: z.string({ error: V.required }).regex(/^[1-9][0-9]{0,15}$/, INVALID),
  name: passkeyName,
});
/** POST passkey/remove */
export const passkeyRemoveBody = z.object({ id: z.string({ error: V.required }).regex(/^[1-9][0-9]{0,15}$/, INVALID) });

export const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;
export const passkeyListResult = z.object({ items: z.array(passkeyItem) });
