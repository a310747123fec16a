import './zod-config';
import { z } from 'zod';
import { V, codeSchema } from './validation';
import { authenticationResponseJson, passkeyCeremonyId } from './passkeys';

/**
 * Member centre additions to the accounts API: re-authentication before a binding changes
 * (OWASP ASVS V7.5.1) and "log out of all other sessions".
 */

/**
 * POST user/verifyIdentity — proves it is the customer before an existing e-mail or mobile is
 * replaced: a 'rebind' code sent to the CURRENT binding of `channel`, the login password when
 * that channel is unreachable, or a passkey (issue 22). Answers a single-use ticket valid 10 minutes for user/sumbitBind.
 */
export const verifyIdentityBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('code'), channel: z.enum(['email', 'mobile']), code: codeSchema }),
  z.object({
    method: z.literal('password'),
    channel: z.enum(['email', 'mobile']),
    password: z.string({ error: V.required }).min(1, V.required).max(128, V.tooLong),
  }),
  /** An assertion by one of the customer's passkeys over their own passkey/proofOptions ceremony (single use). */
  z.object({
    method: z.literal('passkey'),
    channel: z.enum(['email', 'mobile']),
    ceremonyId: passkeyCeremonyId,
    response: authenticationResponseJson,
  }),
]);
export type VerifyIdentityBody = z.input<typeof verifyIdentityBody>;
export const verifyIdentityResult = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });

/** POST user/logoutOthers — revokes every session except this one. */
export const logoutOthersResult = z.object({ revokedSessions: z.number().int() });
