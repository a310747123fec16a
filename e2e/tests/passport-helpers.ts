import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A text of the shared `common` catalogue ('errors.invalid_credentials'), as users read it. */
export function commonText(locale: 'en-US' | 'zh-HK' | 'ar-AE' | 'tr-TR', key: string): string {
  const catalogue = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../shared/src/i18n', `${locale}.json`), 'utf8'),
  ) as Record<string, unknown>;
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof text !== 'string') throw new Error(`no ${key} in the ${locale} catalogue`);
  return text;
}

let sequence = 0;
/** A fresh e-mail per call: every test owns its accounts, so tests never share state. */
export function uniqueEmail(tag: string): string {
  sequence += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${process.pid}-${sequence}@cardwallet.test`;
}

export const strongPassword = (tag: string) => `Pw-${tag.slice(0, 6)}-${Math.random().toString(36).slice(2, 8)}9`;

interface Envelope<T> {
  code: number;
  msg: string;
  key?: string;
  data: T;
}

/** Every message the sandbox e-mail/SMS provider "sent" to `to` (GET /api/dev/outbox?to=). */
async function outbox(request: APIRequestContext, to: string): Promise<Array<Record<string, unknown>>> {
  const response = await request.get('/api/dev/outbox', { params: { to } });
  expect(response.ok(), `GET /api/dev/outbox → HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as Envelope<unknown>;
  expect(body.code, body.msg).toBe(200);
  const data = body.data as unknown;
  const list = Array.isArray(data)
    ? data
    : ((data as { messages?: unknown[]; items?: unknown[] })?.messages ?? (data as { items?: unknown[] })?.items ?? []);
  return list as Array<Record<string, unknown>>;
}

export async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  return (await outbox(request, to)).length;
}

function codeOf(message: Record<string, unknown>): string | null {
  if (typeof message.code === 'string' && /^\d{6}$/.test(message.code)) return message.code;
  const text = ['subject', 'text', 'body', 'html', 'content']
    .map((k) => (typeof message[k] === 'string' ? message[k] : ''))
    .join(' ');
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

/**
 * The 6-digit code of the newest message to `to`, waiting until more than `seen` messages exist
 * (so a reset code is never confused with the earlier sign-up code).
 */
export async function readCode(request: APIRequestContext, to: string, seen = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const messages = await outbox(request, to);
        if (messages.length <= seen) return null;
        const newest = [...messages].sort((a, b) =>
          String(a.createdAt ?? a.sentAt ?? '').localeCompare(String(b.createdAt ?? b.sentAt ?? '')),
        );
        code = codeOf(newest[newest.length - 1] ?? {});
        return code;
      },
      { message: `a verification code in the outbox of ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as unknown as string;
}

async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<Envelope<T>> {
  const response = await request.post(`/api/${path}`, { data, headers: token ? { 'Access-Token': token } : {} });
  expect(response.ok(), `POST /api/${path} → HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as Envelope<T>;
}

/** Registers an account through the API (for tests whose subject is not sign-up itself). */
export async function registerThroughApi(
  request: APIRequestContext,
  account: string,
  password: string,
  refereeId?: string,
) {
  const sent = await api(request, 'user/sendCode', { account, purpose: 'register' });
  expect(sent.code, sent.msg).toBe(200);
  const code = await readCode(request, account);
  const registered = await api(request, 'user/register', {
    account,
    code,
    password,
    confirmPassword: password,
    agreement: true,
    ...(refereeId ? { refereeId } : {}),
  });
  expect(registered.code, registered.msg).toBe(200);
}

export async function loginThroughApi(request: APIRequestContext, account: string, password: string) {
  const body = await api<{ token: string; userId: string }>(request, 'user/login', { account, password });
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** GET user/isLogin with a token: 200 while the session lives, 401 after logout/reset. */
export async function isLoginCode(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/user/isLogin', { headers: { 'Access-Token': token } });
  return ((await response.json()) as Envelope<unknown>).code;
}

/** Chooses the UI language the way the shell remembers it (its `language` localStorage key). */
export async function useLanguage(page: Page, locale: string) {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), locale);
}

/**
 * An input by its exact accessible name (antd-mobile inputs carry aria-label = the visible label).
 * By label, not role: a password input has no textbox role.
 */
export const input = (page: Page, name: string) => page.getByLabel(name, { exact: true });

/**
 * The browser's session: the token is the HttpOnly cookie (never readable by the page, never in
 * localStorage — checked here on every call), the user id is in localStorage.
 */
export async function storedSession(page: Page) {
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('AccessToken'),
    userId: localStorage.getItem('userId'),
    visible: document.cookie,
  }));
  expect(stored.token).toBeNull();
  expect(stored.visible).not.toContain('cw_session');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cw_session');
  if (cookie) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  return { token: cookie?.value || null, userId: stored.userId };
}
