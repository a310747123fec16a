import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, fromAppClient, singleCookie } from './session-cookie.js';

/**
 * The device cookie (OWASP "device cookies"): after a successful sign-in from the app, the browser
 * keeps a cookie naming the account it signed in to, signed with SIGNING_SECRET. A later sign-in to
 * the SAME account from that browser is not held back by the per-address bucket
 * (sign-in-throttle.ts) — someone filling the bucket from a shared address cannot lock out people
 * who signed in there before. The account's own lockout still applies. The cookie holds a keyed
 * hash of the account, not the account itself, and is only useful for that account.
 */
export const DEVICE_COOKIE = 'cw_device';
export const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;

const b64 = (buf: Buffer) => buf.toString('base64url');
const accountTag = (secret: string, account: string) =>
  b64(createHmac('sha256', secret).update(`device-account\0${account}`).digest()).slice(0, 22);
const mac = (secret: string, body: string) =>
  b64(createHmac('sha256', secret).update(`device-cookie\0${body}`).digest());

/** The cookie value for `account` issued at `nowMs`. */
export function deviceCookieValue(secret: string, account: string, nowMs: number): string {
  const body = `v1.${accountTag(secret, account)}.${Math.floor(nowMs / 1000)}`;
  return `${body}.${mac(secret, body)}`;
}

/** Whether the request carries a valid, unexpired device cookie for `account`. */
export function isKnownDevice(request: FastifyRequest, secret: string, account: string, nowMs: number): boolean {
  // `__Host-cw_device` over https, like the session cookie (session-cookie.ts).
  const value = singleCookie(request, cookieName(request, DEVICE_COOKIE), 200);
  if (!value) return false;
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return false;
  const body = parts.slice(0, 3).join('.');
  const given = Buffer.from(parts[3]!);
  const expected = Buffer.from(mac(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const issued = Number(parts[2]) * 1000;
  if (!Number.isFinite(issued) || issued > nowMs + 60_000 || nowMs - issued > DEVICE_COOKIE_SECONDS * 1000)
    return false;
  return parts[1] === accountTag(secret, account);
}

/** After a successful sign-in from the app's own client: remember this browser for `account`. */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  account: string,
  nowMs: number,
): void {
  if (!fromAppClient(request)) return;
  reply.header(
    'set-cookie',
    `${cookieName(request, DEVICE_COOKIE)}=${deviceCookieValue(secret, account, nowMs)}; Path=/; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`,
  );
}
