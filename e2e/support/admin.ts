import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';

/** The documented sandbox administrator and its documented dev TOTP secret (docs/security.md, README). */
export const SANDBOX_ADMIN = { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin1234!' };
const TOTP_SECRET = process.env.ADMIN_TOTP_SECRET ?? 'WKKDAQZXSEXLGQOX7SNYONKND5Y6JYAH';
const STEP_MS = 30_000;
// Shared by this run's workers: the API accepts each 30 s step once per admin (replay protection),
// so each worker claims a step (mkdir is atomic) before using its code.
const claims = join(tmpdir(), `cw-e2e-admin-otp-${process.env.E2E_PORT ?? '8090'}`);

/** A TOTP code of a time step no other worker of this run has used (waits for the next step if needed). */
export async function freshAdminCode(): Promise<string> {
  mkdirSync(claims, { recursive: true });
  for (;;) {
    const step = Math.floor(Date.now() / STEP_MS);
    try {
      mkdirSync(join(claims, String(step)));
      return await generate({ secret: TOTP_SECRET, epoch: step * 30 });
    } catch {
      await new Promise((r) => setTimeout(r, (step + 1) * STEP_MS - Date.now() + 50));
    }
  }
}

let cached: { token: string; until: number } | undefined;

/** An admin session token (password + TOTP), kept for 25 of its 30 minutes in this worker. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await request.post('/api/user/adminLogin', { data: { ...SANDBOX_ADMIN, otp: await freshAdminCode() } });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(200);
  cached = { token: body.data.token, until: Date.now() + 25 * 60_000 };
  return body.data.token;
}
