-- Wallet tab badge (spec §2 "a badge from a stored count"): wallet events the customer has not seen
-- yet — deposits credited and withdrawals decided. Counted in the same transaction as the event's
-- posting, cleared when the customer opens the wallet (POST wallet/markEventsSeen).
CREATE TABLE wallet_unseen_events (
  user_id    TEXT PRIMARY KEY,
  unseen     INTEGER NOT NULL DEFAULT 0 CHECK (unseen >= 0),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
