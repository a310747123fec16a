-- The SANDBOX card issuer's own storage (api/src/providers/card-issuer/sandbox.ts). It stands in for
-- the issuing processor: only it sees PAN, CVV and PIN, kept AES-256-GCM encrypted. Our API reads
-- nothing here except through the CardIssuer interface.
CREATE TABLE sandbox_issuer_cards (
  token            TEXT PRIMARY KEY,
  brand            TEXT NOT NULL,
  type             TEXT NOT NULL,
  pan_encrypted    TEXT NOT NULL,
  pan_fingerprint  TEXT NOT NULL UNIQUE,
  cvv_encrypted    TEXT NOT NULL,
  pin_encrypted    TEXT NOT NULL,
  last4            TEXT NOT NULL,
  expiry           TEXT NOT NULL,
  cardholder       TEXT,
  status           TEXT NOT NULL CHECK (status IN ('inactive', 'active', 'frozen', 'closed')),
  shipping_status  TEXT,
  balance          NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);

-- Every load/unload by the caller's reference: a repeated reference changes nothing (idempotent),
-- a reversal undoes it once. A reversal of a reference not seen yet leaves a tombstone (token,
-- kind and amount NULL, reversed): a late-arriving request with that reference is then void.
CREATE TABLE sandbox_issuer_operations (
  reference   TEXT PRIMARY KEY,
  token       TEXT REFERENCES sandbox_issuer_cards (token),
  kind        TEXT CHECK (kind IN ('load', 'unload')),
  amount      NUMERIC(38, 18) CHECK (amount > 0),
  reversed    BOOLEAN NOT NULL DEFAULT FALSE,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
