import { FIRST_VIEW_ELEMENT_ID, type DrawnTotal } from '@cardwallet/shared';

/**
 * The total balance the page's first response drew (issue 24: api/src/web/route-skeleton.ts, the
 * `total` block of the home route's skeleton). The server draws it only for a session it has
 * checked, from the books the API reads, in the page's language, and puts the same texts in the
 * head as data (FIRST_VIEW_ELEMENT_ID, never run): React replaces the drawn markup on its first
 * render, the data stays.
 *
 * Until the home page's own answers are in (its signed-in texts, its chunk, the wallet's balances
 * and the cards), the balance card shows these texts instead of grey bars, so the customer's
 * balance stays on screen from the first paint on rather than going grey for a second.
 *
 * Read on first use by the home page (nothing of it is in the shell's start chain), and dropped for
 * good when the card has its own figures or the visitor is signed out: never shown to anyone but the
 * session it was drawn for, nor once stale. Not state anyone subscribes to: nothing re-renders on a drop.
 */
let drawn: DrawnTotal | null | undefined;
/** The signed-in customer the page first showed it to: the session the HTML was drawn for. */
let shownTo: { user: string | null | undefined } | undefined;

// Our own server's data in our own page: checked for shape only, so a page from another build
// whose shape differs shows the grey card instead of breaking.
function readDrawnTotal(doc: Document): DrawnTotal | null {
  try {
    const value = JSON.parse(doc.getElementById(FIRST_VIEW_ELEMENT_ID)?.textContent ?? 'null') as DrawnTotal | null;
    const texts = (...t: unknown[]) => t.every((s) => typeof s === 'string' && s);
    return value &&
      texts(value.title, value.amount, value.hint) &&
      value.parts?.length > 0 &&
      value.parts.every((p) => texts(p?.label, p?.amount))
      ? value
      : null;
  } catch {
    return null;
  }
}

/** The total the page's HTML drew, while it is still to be shown. */
export function serverTotal(doc: Document = document): DrawnTotal | undefined {
  if (drawn === undefined) drawn = readDrawnTotal(doc);
  return drawn ?? undefined;
}

export function dropServerTotal(): void {
  drawn = null;
}

/**
 * Called by the home page with the customer signed in now: signed out, or another customer than the
 * one it was first shown to (another tab signed in meanwhile), the drawn total is dropped for good.
 */
export function keepServerTotalFor(isLoggedIn: boolean, user: string | null | undefined): void {
  if (!isLoggedIn) return dropServerTotal();
  shownTo ??= { user };
  if (shownTo.user !== user) dropServerTotal();
}

/** Tests: as if the page had just been loaded. */
export function resetServerTotalForTests(): void {
  drawn = undefined;
  shownTo = undefined;
}
