import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers shared by the card specs (cards.spec.ts, cards-part2.spec.ts). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  key?: string;
  data: T;
}

/** /api/<path> as a customer (or anonymous with `token` null); asserts HTTP 200 and body code 200. */
export async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const response = await request.fetch(`/api/${path}`, {
    method,
    ...(method === 'GET' ? { params: body as Record<string, string> } : { data: body ?? {} }),
    headers: { ...(token ? { 'Access-Token': token } : {}), ...headers },
  });
  expect(response.ok(), `${method} /api/${path} → HTTP ${response.status()}`).toBe(true);
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

/** Puts the session (and language) where the shell keeps them, once, before the first page loads. */
export { signInAs as signIn } from '../support/customer';

export const main = (page: Page) => page.locator('main').last();
