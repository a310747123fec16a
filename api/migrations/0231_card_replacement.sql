-- A replacement card (issue 23: a fraud dispute offers to freeze the card and order a replacement in
-- the same flow; docs/cards.md "Replacing a compromised card"). The issuer reissues the card: a new
-- card (new number, CVV, expiry) with the old one's product, PIN and cardholder; the balance moves to
-- it and the old card is closed, all in the issuer's one transaction. We record the new card with a
-- link to the one it replaces (one replacement per card, whatever the races) and post the balance
-- move card → card (ref card_replace:<newCardId>) in one transaction with both cards' new states.
ALTER TABLE cards ADD COLUMN replaces_card_id TEXT UNIQUE REFERENCES cards (id);
ALTER TABLE cards ADD COLUMN replaced_by TEXT REFERENCES cards (id);
CREATE INDEX cards_replacing ON cards (created_at) WHERE status = 'applying' AND replaces_card_id IS NOT NULL;

-- The SANDBOX issuer's reissues: idempotent on our reference (the new card's id).
CREATE TABLE sandbox_issuer_reissues (
  reference   TEXT PRIMARY KEY,
  from_token  TEXT NOT NULL UNIQUE REFERENCES sandbox_issuer_cards (token),
  to_token    TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  moved       NUMERIC(38, 18) NOT NULL CHECK (moved >= 0),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
