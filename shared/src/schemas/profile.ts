import './zod-config';
import { z } from 'zod';

// Response schemas of the profile, kept apart from ./auth: that module builds the sign-up and sign-in
// forms' schemas at load, which pulls in ./validation and its phone-number metadata (~48 KiB gzip) —
// the member index and the other pages that only read the profile need none of it.

/** GET user/info — the signed-in customer's profile. */
export const userProfile = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** 0 none, 1 KYC level 1, 2 KYC level 2 */
  kycLevel: z.number().int().min(0).max(2),
  inviteCode: z.string(),
  hasPayPassword: z.boolean(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;
