import './zod-config';
import { z } from 'zod';
import { V, pinSchema } from './validation';
import { authenticationResponseJson, passkeyCeremonyId } from './passkeys';

/**
 * The fresh proof a money-moving or secret-revealing call takes (spec §6, issue 22): the transaction
 * password OR a passkey assertion over the customer's own passkey/proofOptions ceremony (single
 * use) — exactly one of the two. card/detailsGrant, card/withdraw and wallet/withdraw share it.
 */
const passkeyAssertion = z.object({ ceremonyId: passkeyCeremonyId, response: authenticationResponseJson });

/** The body fields of the proof: `{ payPassword }` or `{ passkey: { ceremonyId, response } }`. */
export const freshProofFields = { payPassword: pinSchema.optional(), passkey: passkeyAssertion.optional() };

interface ProofChoice {
  payPassword?: unknown;
  passkey?: unknown;
}

// Checked even when another field of the body is wrong (as the required field it replaces would be),
// but only on an object: a body that is not one already has its own error.
const isObjectPayload = (p: { value: unknown }) =>
  typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value);

/**
 * `schema` (an object with `freshProofFields`) refusing a body with neither proof
 * (`payPassword: validation.required`, as a missing password always was) or with both
 * (`passkey: validation.invalid`). One object rather than a union, so the password body keeps its
 * field errors beside any other field's.
 */
export function exactlyOneProof<S extends z.ZodType<ProofChoice>>(schema: S): S {
  return schema
    .refine((v) => v.passkey !== undefined || v.payPassword !== undefined, {
      path: ['payPassword'],
      message: V.required,
      when: isObjectPayload,
    })
    .refine((v) => v.passkey === undefined || v.payPassword === undefined, {
      path: ['passkey'],
      message: 'validation.invalid',
      when: isObjectPayload,
    });
}
