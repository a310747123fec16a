/**
 * The total balance the page's first response drew (issue 24: api/src/web/route-skeleton.ts, the
 * `total` block of the home route's skeleton), read out of the HTML before React replaces it.
 *
 * The server draws it only for a session it has checked, from the books the API reads, in the
 * page's language. Until the home page's own answers are in (its signed-in texts, its chunk, the
 * wallet's balances and the cards), the balance card shows these texts instead of grey bars, so the
 * customer's balance stays on screen from the first paint on rather than going grey for a second.
 *
 * Taken once, at start-up, and dropped for good when the card has its own figures or the customer
 * signs out: it is never shown to anyone but the session it was drawn for, nor after it is stale.
 * Plain texts, not state anyone subscribes to: nothing re-renders when it is dropped.
 */
export interface ServerTotal {
  title: string;
  amount: string;
  hint: string;
  parts: { label: string; amount: string }[];
}

let taken: ServerTotal | undefined;

/** Reads the drawn total out of `root` (the server's skeleton); call before React's first render. */
export function takeServerTotal(root: ParentNode): void {
  const card = root.querySelector('.cwf-total');
  if (!card) return;
  const text = (node: Element | null | undefined) => node?.textContent?.trim() ?? '';
  const [title, amount, hint] = Array.from(card.querySelectorAll(':scope > p'), (p) => text(p));
  const parts = Array.from(card.querySelectorAll('dl > div'), (row) => ({
    label: text(row.querySelector('dt')),
    amount: text(row.querySelector('dd')),
  }));
  if (title && amount && hint && parts.length > 0 && parts.every((p) => p.label && p.amount))
    taken = { title, amount, hint, parts };
}

export function serverTotal(): ServerTotal | undefined {
  return taken;
}

export function dropServerTotal(): void {
  taken = undefined;
}
