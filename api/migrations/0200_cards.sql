-- Cards, part 1 (docs/cards.md): our side of the card. PAN, CVV and PIN never enter these tables:
-- the issuer owns them and hands us a token, the last four digits and the expiry.

-- Shipping addresses for physical cards (spec §3, §5: every field required).
CREATE TABLE card_addresses (
  id           TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL,
  receiver     TEXT NOT NULL,
  mobile       TEXT NOT NULL,
  country      TEXT NOT NULL,
  province     TEXT NOT NULL,
  city         TEXT NOT NULL,
  area         TEXT NOT NULL,
  detail       TEXT NOT NULL,
  postal_code  TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX card_addresses_user ON card_addresses (user_id, created_at DESC);

-- One row per card application. 'applying' = the issuer is being asked (not shown to the customer);
-- a refused or failed application deletes its row (nothing was posted).
CREATE TABLE cards (
  id                TEXT PRIMARY KEY,
  user_id           TEXT NOT NULL,
  product_id        TEXT NOT NULL,
  type              TEXT NOT NULL CHECK (type IN ('virtual', 'physical')),
  brand             TEXT NOT NULL CHECK (brand IN ('visa', 'mastercard')),
  tier              TEXT NOT NULL CHECK (tier IN ('standard', 'discount', 'premium')),
  status            TEXT NOT NULL CHECK (status IN ('applying', 'inactivated', 'active', 'risk_frozen', 'cancelling', 'closed')),
  issuer_token      TEXT UNIQUE,
  last4             TEXT CHECK (last4 IS NULL OR last4 ~ '^[0-9]{4}$'),
  expiry            TEXT CHECK (expiry IS NULL OR expiry ~ '^[0-9]{2}/[0-9]{2}$'),
  first_name        TEXT,
  last_name         TEXT,
  holder_mobile     TEXT,
  shipping_address  JSONB,
  shipping_status   TEXT CHECK (shipping_status IS NULL OR shipping_status IN ('processing', 'shipped', 'delivered')),
  application_fee   NUMERIC(38, 18) NOT NULL CHECK (application_fee >= 0),
  idempotency_key   TEXT NOT NULL,
  request_hash      TEXT NOT NULL,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  activated_at      TIMESTAMPTZ,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX cards_user ON cards (user_id, created_at DESC);

-- Top-ups, withdrawals and activations (the first top-up). 'pending' while the issuer is asked;
-- 'completed' is written in the same transaction as the posting; a refused one is deleted.
CREATE TABLE card_operations (
  id               TEXT PRIMARY KEY,
  user_id          TEXT NOT NULL,
  card_id          TEXT NOT NULL REFERENCES cards (id),
  kind             TEXT NOT NULL CHECK (kind IN ('activate', 'topup', 'withdraw')),
  amount           NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  fee              NUMERIC(38, 18) NOT NULL CHECK (fee >= 0),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
  idempotency_key  TEXT NOT NULL,
  request_hash     TEXT NOT NULL,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  completed_at     TIMESTAMPTZ,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX card_operations_card ON card_operations (card_id, created_at DESC);
CREATE INDEX card_operations_pending ON card_operations (created_at) WHERE status = 'pending';
