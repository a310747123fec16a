-- Cards, part 2 (docs/cards.md): card transactions from the issuer's signed webhooks, the
-- customer's freeze, the issuer's risk freeze and its unfreeze request, close, binding a card.
-- PAN, CVV and PINs still never enter our tables.

-- A customer freeze ('frozen') is the customer's own switch; 'risk_frozen' is the issuer's.
ALTER TABLE cards DROP CONSTRAINT cards_status_check;
ALTER TABLE cards ADD CONSTRAINT cards_status_check
  CHECK (status IN ('applying', 'inactivated', 'active', 'frozen', 'risk_frozen', 'cancelling', 'closed'));
ALTER TABLE cards ADD COLUMN risk_frozen_at TIMESTAMPTZ;
ALTER TABLE cards ADD COLUMN risk_freeze_days INTEGER CHECK (risk_freeze_days IS NULL OR risk_freeze_days >= 0);
-- A physical card received by post and bound by its owner (not applied for in the app).
ALTER TABLE cards ADD COLUMN bound_at TIMESTAMPTZ;
ALTER TABLE cards ADD COLUMN closed_at TIMESTAMPTZ;

-- Closing moves the card's balance back to the wallet as a card operation.
ALTER TABLE card_operations DROP CONSTRAINT card_operations_kind_check;
ALTER TABLE card_operations ADD CONSTRAINT card_operations_kind_check CHECK (kind IN ('activate', 'topup', 'withdraw', 'close'));
-- The issuer reversed a top-up it had accepted (load reversal): when, and posted with ref card_load_reversal:<id>.
ALTER TABLE card_operations ADD COLUMN reversed_at TIMESTAMPTZ;

-- Card orders (the statement, spec §3/§4). One row per issuer transaction; a refund is its own row.
CREATE TABLE card_transactions (
  id                    TEXT PRIMARY KEY,
  order_no              TEXT NOT NULL UNIQUE,
  user_id               TEXT NOT NULL,
  card_id               TEXT NOT NULL REFERENCES cards (id),
  issuer_txn_id         TEXT NOT NULL UNIQUE,
  type                  TEXT NOT NULL CHECK (type IN ('purchase', 'refund')),
  status                TEXT NOT NULL CHECK (status IN ('settling', 'authorization_cancelled', 'transaction_cancelled', 'pre_authorization', 'completed')),
  merchant_name         TEXT NOT NULL,
  merchant_city         TEXT,
  merchant_country      TEXT,
  mcc                   TEXT,
  transaction_amount    NUMERIC(38, 18) NOT NULL CHECK (transaction_amount > 0),
  transaction_currency  TEXT NOT NULL,
  authorization_amount  NUMERIC(38, 18) CHECK (authorization_amount IS NULL OR authorization_amount >= 0),
  settlement_amount     NUMERIC(38, 18) CHECK (settlement_amount IS NULL OR settlement_amount >= 0),
  fee                   NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  -- What is held on the card for this order right now (pre-authorisation: amount + fee).
  held                  NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (held >= 0),
  decline_reason        TEXT,
  original_issuer_txn_id TEXT,
  created_at            TIMESTAMPTZ NOT NULL,
  updated_at            TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX card_transactions_user ON card_transactions (user_id, created_at DESC, id DESC);
CREATE INDEX card_transactions_card ON card_transactions (card_id, created_at DESC);
CREATE SEQUENCE card_order_no_seq;

-- Every verified issuer webhook by the issuer's event id: a redelivery changes nothing.
CREATE TABLE card_webhook_events (
  event_id     TEXT PRIMARY KEY,
  type         TEXT NOT NULL,
  card_token   TEXT,
  occurred_at  TIMESTAMPTZ NOT NULL,
  outcome      TEXT NOT NULL,
  received_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);

-- Unfreeze requests after an issuer risk freeze (spec §4): one per freeze, 1 USD fee posted with it.
CREATE TABLE card_unfreeze_requests (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  card_id         TEXT NOT NULL REFERENCES cards (id),
  risk_frozen_at  TIMESTAMPTZ NOT NULL,
  fee             NUMERIC(38, 18) NOT NULL CHECK (fee >= 0),
  status          TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (card_id, risk_frozen_at)
);

-- Failed binding attempts (carrier codes must not be guessable by trying).
CREATE TABLE card_bind_attempts (
  id          BIGSERIAL PRIMARY KEY,
  user_id     TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX card_bind_attempts_user ON card_bind_attempts (user_id, created_at);

-- ---- The SANDBOX issuer's side (api/src/providers/card-issuer/sandbox.ts) ----------------------
ALTER TABLE sandbox_issuer_cards ADD COLUMN atm_pin_encrypted TEXT;
-- The card programme's fee per transaction (0.5 USD on discount/premium), charged at clearing.
ALTER TABLE sandbox_issuer_cards ADD COLUMN transaction_fee NUMERIC(38, 18) NOT NULL DEFAULT 0;
ALTER TABLE sandbox_issuer_cards ADD COLUMN freeze_reason TEXT;
ALTER TABLE sandbox_issuer_cards ADD COLUMN tier TEXT;
-- Stock physical cards (sent by post, bound by the customer): code printed on the carrier, HMAC'd.
ALTER TABLE sandbox_issuer_cards ADD COLUMN carrier_code_hash TEXT;

-- The issuer's card transactions (it authorises against its own balance) and its webhook outbox.
CREATE TABLE sandbox_issuer_transactions (
  id                    TEXT PRIMARY KEY,
  token                 TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  type                  TEXT NOT NULL CHECK (type IN ('purchase', 'refund')),
  status                TEXT NOT NULL,
  merchant              JSONB NOT NULL,
  transaction_amount    NUMERIC(38, 18) NOT NULL,
  transaction_currency  TEXT NOT NULL,
  amount                NUMERIC(38, 18) NOT NULL,
  fee                   NUMERIC(38, 18) NOT NULL DEFAULT 0,
  original_id           TEXT,
  created_at            TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE TABLE sandbox_issuer_webhooks (
  event_id      TEXT PRIMARY KEY,
  body          TEXT NOT NULL,
  delivered_at  TIMESTAMPTZ,
  attempts      INTEGER NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sandbox_issuer_webhooks_undelivered ON sandbox_issuer_webhooks (created_at) WHERE delivered_at IS NULL;
-- Single-use, short-lived grants for the details reveal (the issuer's secure display).
CREATE TABLE sandbox_issuer_reveal_grants (
  grant_hash  TEXT PRIMARY KEY,
  token       TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE TABLE sandbox_issuer_unfreeze_requests (
  token       TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  reference   TEXT PRIMARY KEY,
  status      TEXT NOT NULL DEFAULT 'pending',
  created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
