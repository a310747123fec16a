import { FIRST_VIEW_ELEMENT_ID, type DrawnTotal } from '@cardwallet/shared';

/** The total as api/src/web/route-skeleton.ts drawTotalOf gives it (its tests pin the same shape). */
export const DRAWN_TOTAL: DrawnTotal = {
  title: 'Total balance',
  amount: '$1,100.05',
  hint: 'Wallet, card funding and cards, valued in US dollars',
  parts: [
    { label: 'Wallet', amount: '$1,000.10' },
    { label: 'Card funding', amount: '$0.20' },
    { label: 'Cards', amount: '$99.75' },
  ],
};

/** Puts `data` in the head as the server does (raw text: what is not JSON too); returns the cleanup. */
export function withDrawnTotal(data: unknown): () => void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_VIEW_ELEMENT_ID;
  element.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.head.append(element);
  return () => element.remove();
}
