import './zod-config';
import { z } from 'zod';
import { V, accountSchema, codeSchema, emailSchema, mobileSchema, passwordSchema } from './validation';

/**
 * Accounts and sessions (spec §5, §7). Paths are relative to `/api/`. The API validates with these
 * same schemas; the forms use them through a zod resolver.
 */

/** `rebind`: proves the current e-mail/mobile before it is replaced (member centre, user/verifyIdentity). */
export const CODE_PURPOSES = ['register', 'reset_password', 'bind', 'paypass', 'rebind'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** POST user/sendCode — sends a 6-digit code by e-mail or SMS. */
export const sendCodeBody = z.object({
  account: accountSchema,
  purpose: z.enum(CODE_PURPOSES),
});
export type SendCodeBody = z.input<typeof sendCodeBody>;
export const sendCodeResult = z.object({
  /** Seconds until another code may be requested (the 60 s countdown). */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SendCodeResult = z.infer<typeof sendCodeResult>;

/** POST user/cacheCodeCheck — checks a code; for `reset_password` it returns a single-use ticket. */
export const codeCheckBody = z.object({
  account: accountSchema,
  purpose: z.enum(CODE_PURPOSES),
  code: codeSchema,
});
export type CodeCheckBody = z.input<typeof codeCheckBody>;
export const codeCheckResult = z.object({
  valid: z.literal(true),
  /** Present for `reset_password`: proves the code step for user/resetPassword, 10 min, one use. */
  ticket: z.string().optional(),
});
export type CodeCheckResult = z.infer<typeof codeCheckResult>;

const passwordPair = {
  password: passwordSchema,
  confirmPassword: z.string({ error: V.required }).min(1, V.required),
};
const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
const differ = { message: V.passwordsDiffer, path: ['confirmPassword'] };

/** POST user/register */
export const registerBody = z
  .object({
    account: accountSchema,
    code: codeSchema,
    ...passwordPair,
    agreement: z.literal(true, { error: V.agreement }),
    /** The inviter's user id from a share link (`?refereeId=`), optional. */
    refereeId: z
      .string()
      .trim()
      .max(64)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine(passwordsMatch, differ);
export type RegisterBody = z.input<typeof registerBody>;

/** POST user/login */
export const loginBody = z.object({
  account: accountSchema,
  password: z.string({ error: V.required }).min(1, V.required).max(128, V.tooLong),
});
export type LoginBody = z.input<typeof loginBody>;
export const sessionResult = z.object({ token: z.string(), userId: z.string() });
export type SessionResult = z.infer<typeof sessionResult>;

/** POST user/adminLogin — separate admin accounts; the token works only on admin endpoints. */
export const adminLoginBody = z.object({
  username: z.string({ error: V.required }).trim().min(1, V.required).max(64, V.tooLong),
  password: z.string({ error: V.required }).min(1, V.required).max(128, V.tooLong),
  /** The 6-digit code of the admin's authenticator app (TOTP; docs/security.md). */
  otp: z
    .string({ error: V.required })
    .trim()
    .regex(/^\d{6}$/, V.code),
});
export type AdminLoginBody = z.input<typeof adminLoginBody>;
export const adminSessionResult = z.object({ token: z.string(), adminId: z.string() });

/** GET user/isLogin → code 200 with the user id, or code 401. */
export const isLoginResult = z.object({ loggedIn: z.literal(true), userId: z.string() });

/** GET user/getRegisterData — what the register page needs. */
export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2 */
  code: z.string(),
  /** e.g. "+90" */
  dialCode: z.string(),
  name: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const registerDataResult = z.object({
  countries: z.array(countrySchema),
  defaultCountry: z.string(),
  agreementVersion: z.string(),
  passwordMinLength: z.number().int(),
  passwordMaxLength: z.number().int(),
  codeLength: z.number().int(),
  codeResendSeconds: z.number().int(),
});
export type RegisterData = z.infer<typeof registerDataResult>;

/** POST user/changePassword (logged in): other sessions are revoked. */
export const changePasswordBody = z
  .object({ oldPassword: z.string({ error: V.required }).min(1, V.required).max(128), ...passwordPair })
  .refine(passwordsMatch, differ);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** POST user/resetPassword — after user/cacheCodeCheck gave a ticket; all sessions are revoked. */
export const resetPasswordBody = z
  .object({ ticket: z.string().min(1).max(256), ...passwordPair })
  .refine(passwordsMatch, differ);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST user/sumbitBind (spelling as in the spec) — bind an e-mail or mobile, verified by code. */
/** `ticket` (user/verifyIdentity) is required when it REPLACES an existing binding of that type. */
const rebindTicket = z.string().min(1).max(256).optional();
export const bindBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), account: emailSchema, code: codeSchema, ticket: rebindTicket }),
  z.object({ type: z.literal('mobile'), account: mobileSchema, code: codeSchema, ticket: rebindTicket }),
]);
export type BindBody = z.input<typeof bindBody>;

// GET user/info — `userProfile` lives in ./profile (no form validators: pages that only read the
// profile do not load the phone-number metadata with them).

/** GET user/inviter?refereeId= (public) — who invited you, for the invitation landing page. */
export const inviterQuery = z.object({ refereeId: z.string().trim().min(1, V.required).max(64) });
export const inviterResult = z.object({
  /** A display name only, e.g. "de***" (e-mail) or "***67" (mobile): never the contact or the id. */
  displayName: z.string(),
  /** The invite code, only when the link carried the code itself (never revealed for a user id). */
  inviteCode: z.string().optional(),
});
export type Inviter = z.infer<typeof inviterResult>;
