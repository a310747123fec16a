import { describe, expect, it } from 'vitest';
import { CURRENCY_DEFINITIONS, balancesResult, unseenEventsResult } from '@cardwallet/shared/schemas';
import { CURRENCY_SCALE } from './currency-scale';
import { parseBalances, parseUnseenEvents } from './light-parse';
import { balancesFixture } from '../testing/fixtures';

describe('the Wallet tab answer checks (no zod on its first load)', () => {
  it('keep the currency scales of the contracts', () => {
    expect(CURRENCY_SCALE).toEqual(
      Object.fromEntries(Object.entries(CURRENCY_DEFINITIONS).map(([c, d]) => [c, d.scale])),
    );
  });
  it('accept what the shared schemas accept, with the same result', () => {
    expect(parseBalances(balancesFixture)).toEqual(balancesResult.parse(balancesFixture));
    expect(parseUnseenEvents({ count: 3 })).toEqual(unseenEventsResult.parse({ count: 3 }));
  });
  it('refuse money as numbers, unknown currencies and broken counts', () => {
    expect(() => parseBalances({ ...balancesFixture, totalUsd: 4015.5 })).toThrow(/totalUsd/);
    expect(() =>
      parseBalances({ ...balancesFixture, balances: [{ ...balancesFixture.balances[0], currency: 'DOGE' }] }),
    ).toThrow(/currency/);
    expect(() => parseUnseenEvents({ count: -1 })).toThrow();
    expect(() => parseUnseenEvents(null)).toThrow();
  });
});
