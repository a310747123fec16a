import './zod-config';
import { z } from 'zod';
import { V, codeSchema, pinSchema } from './validation';
import { authenticationResponseJson, passkeyCeremonyId } from './passkeys';

/**
 * Step-up (issue 22): a fresh proof before a takeover path. POST user/stepUp records a single-use
 * grant for one purpose (5 minutes); setting, changing the transaction password and setting a
 * card PIN consume it. Binding an e-mail or mobile uses user/verifyIdentity's ticket instead.
 * A passkey proof answers the ceremony of POST passkey/proofOptions (single use, bound to the customer).
 */
export const STEP_UP_PURPOSES = ['paypass', 'card_pin', 'wechat_unbind'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
export const STEP_UP_GRANT_SECONDS = 300;

export const stepUpProof = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('password'),
    password: z.string({ error: V.required }).min(1, V.required).max(128, V.tooLong),
  }),
  z.object({ kind: z.literal('payPassword'), payPassword: pinSchema }),
  /** A 'rebind' code (user/sendCode) sent to an e-mail or mobile bound to the account before. */
  z.object({
    kind: z.literal('code'),
    account: z.string({ error: V.required }).trim().min(1, V.required).max(254, V.tooLong),
    code: codeSchema,
  }),
  /** An assertion by one of the customer's passkeys over the challenge of passkey/proofOptions. */
  z.object({ kind: z.literal('passkey'), ceremonyId: passkeyCeremonyId, response: authenticationResponseJson }),
]);
export type StepUpProof = z.infer<typeof stepUpProof>;

export const stepUpBody = z.object({ purpose: z.enum(STEP_UP_PURPOSES), proof: stepUpProof });
export type StepUpBody = z.input<typeof stepUpBody>;
export const stepUpResult = z.object({ expiresInSeconds: z.number().int() });
