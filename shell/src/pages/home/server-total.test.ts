import { afterEach, describe, expect, it } from 'vitest';
import { dropServerTotal, keepServerTotalFor, resetServerTotalForTests, serverTotal } from './server-total';
import { DRAWN_TOTAL, withDrawnTotal } from './server-total.fixture';

let removeElement = () => undefined as void;
afterEach(() => {
  removeElement();
  resetServerTotalForTests();
});

describe('the total balance the HTML drew', () => {
  it('is read from the page’s data, as drawn, until it is dropped for good', () => {
    removeElement = withDrawnTotal(DRAWN_TOTAL);
    expect(serverTotal()).toEqual(DRAWN_TOTAL);
    dropServerTotal();
    expect(serverTotal()).toBeUndefined();
    // Still in the head, but never shown again (another customer may have signed in since).
    expect(document.getElementById('cw-first-view')).not.toBeNull();
    expect(serverTotal()).toBeUndefined();
  });

  it('is kept for the customer it was first shown to only: signed out or another customer, dropped for good', () => {
    removeElement = withDrawnTotal(DRAWN_TOTAL);
    keepServerTotalFor(true, '42');
    expect(serverTotal()).toEqual(DRAWN_TOTAL);
    keepServerTotalFor(true, '42');
    expect(serverTotal()).toEqual(DRAWN_TOTAL);
    // Another tab signed in as someone else meanwhile.
    keepServerTotalFor(true, '43');
    expect(serverTotal()).toBeUndefined();
    keepServerTotalFor(true, '42');
    expect(serverTotal()).toBeUndefined();
    resetServerTotalForTests();
    keepServerTotalFor(false, null);
    expect(serverTotal()).toBeUndefined();
  });

  it('is nothing when the page drew none, or its data is not a whole total', () => {
    expect(serverTotal()).toBeUndefined();
    for (const bad of [
      'not json',
      { ...DRAWN_TOTAL, parts: [] },
      { ...DRAWN_TOTAL, amount: '' },
      { ...DRAWN_TOTAL, parts: [{ label: 'Wallet' }] },
      null,
    ]) {
      resetServerTotalForTests();
      removeElement();
      removeElement = withDrawnTotal(bad);
      expect(serverTotal(), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
