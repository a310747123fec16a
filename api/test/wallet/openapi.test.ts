import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';

describe('wallet routes in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('lists every wallet, paypass, admin and sandbox chain route', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((JSON.parse(res.body) as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/wallet/balances',
      '/api/wallet/rechargeAddress',
      '/api/wallet/withdraw',
      '/api/wallet/withdrawFee',
      '/api/wallet/exchangeQuote',
      '/api/wallet/exchange',
      '/api/wallet/transfer',
      '/api/wallet/cashFlow',
      '/api/wallet/addAddress',
      '/api/user/setPayPassword',
      '/api/user/resetPayPassword',
      '/api/admin/withdrawals/approve',
      '/api/admin/ledger/check',
      '/api/dev/chain/deposit',
      '/api/dev/chain/mine',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('documents the request bodies and queries declared on the wallet routes', async () => {
    const doc = JSON.parse((await t.inject({ method: 'GET', url: '/api/docs/json' })).body) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
            parameters?: { name: string }[];
          }
        >
      >;
    };
    const bodyOf = (p: string) =>
      Object.keys(doc.paths[p]!.post!.requestBody!.content['application/json']!.schema.properties ?? {});
    expect(bodyOf('/api/wallet/withdraw')).toEqual(
      expect.arrayContaining(['currency', 'network', 'address', 'amount', 'payPassword']),
    );
    expect(bodyOf('/api/wallet/transfer')).toEqual(expect.arrayContaining(['currency', 'amount']));
    expect(bodyOf('/api/wallet/exchange')).toEqual(['quoteId']);
    expect(bodyOf('/api/admin/withdrawals/approve')).toEqual(expect.arrayContaining(['id']));
    expect(doc.paths['/api/wallet/rechargeAddress']!.get!.parameters!.map((x) => x.name)).toEqual(
      expect.arrayContaining(['currency', 'network']),
    );
  });
});
