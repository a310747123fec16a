-- Card money back to the wallet (spec §4; docs/cards.md "Money back to the wallet").
-- A card withdrawal and the refund of a closed card now credit the customer's wallet in the
-- currency they chose (USD, USDT or USDC, 1:1); before this migration they credited the
-- card-funding account. NULL on top-ups, activations and on withdrawals/closes posted before.
ALTER TABLE card_operations ADD COLUMN wallet_currency TEXT CHECK (wallet_currency IS NULL OR wallet_currency IN ('USD', 'USDT', 'USDC'));

-- card_funding → wallet (the mirror of wallet_transfers): one row per client idempotency key. The
-- row is claimed `pending` first (only the request holding the key evaluates the transaction
-- password), then `completed` in the same transaction as its posting `transfer_back:<id>`; a
-- refused or abandoned claim is deleted (recovery removes one older than 2 minutes).
CREATE TABLE card_funding_withdrawals (
  id               TEXT PRIMARY KEY,
  user_id          TEXT NOT NULL,
  idempotency_key  TEXT NOT NULL,
  request_hash     TEXT NOT NULL,
  currency         TEXT NOT NULL CHECK (currency IN ('USD', 'USDT', 'USDC')),
  amount           NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX card_funding_withdrawals_user ON card_funding_withdrawals (user_id, created_at DESC);
