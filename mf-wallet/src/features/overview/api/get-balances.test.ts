import { describe, expect, it } from 'vitest';
import type { HttpClient } from '@cardwallet/shared';
import { routes } from '../../../routes';
import { getBalances } from './get-balances';

describe('the wallet index’s first request (issue 24, started with the page’s files on a deep link)', () => {
  it('is exactly the request useBalances makes (same path, same params), so the page takes the early answer', async () => {
    const asked: Array<{ url: string; params: unknown }> = [];
    const http = {
      get: async (url: string, params?: unknown) => {
        asked.push({ url, params: params ?? {} });
        return { balances: [], totalUsd: '0', cardFunding: '0' };
      },
    } as unknown as HttpClient;
    await getBalances(http).catch(() => undefined);
    const declared = routes.find((r) => r.path === 'index')?.firstRequests ?? [];
    expect(declared.map((r) => ({ url: r.url, params: r.params ?? {} }))).toEqual(asked);
  });
});
