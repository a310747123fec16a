-- Issue 23, part 1 (docs/cards.md "3-D Secure in the app", "Spending controls").

-- The customer's spending controls of a card (one row once changed; none = everything allowed).
-- `version` grows with every change; `issuer_version` is the version the issuer acknowledged
-- (a change is pushed to the issuer after it commits; a background job pushes what is behind).
CREATE TABLE card_spending_controls (
  card_id         TEXT PRIMARY KEY REFERENCES cards (id),
  user_id         TEXT NOT NULL,
  online          BOOLEAN NOT NULL DEFAULT TRUE,
  contactless     BOOLEAN NOT NULL DEFAULT TRUE,
  atm             BOOLEAN NOT NULL DEFAULT TRUE,
  magstripe       BOOLEAN NOT NULL DEFAULT TRUE,
  monthly_limit   NUMERIC(38, 18) CHECK (monthly_limit IS NULL OR monthly_limit > 0),
  version         INTEGER NOT NULL DEFAULT 1,
  issuer_version  INTEGER NOT NULL DEFAULT 0,
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX card_spending_controls_unsynced ON card_spending_controls (card_id) WHERE issuer_version < version;

-- Blocked merchant categories. Lifting one takes the cool-off chosen when blocking it: `lifts_at`
-- is set then, and the block ends at that time (NULL = blocked until the customer asks).
CREATE TABLE card_category_blocks (
  card_id         TEXT NOT NULL REFERENCES cards (id),
  category        TEXT NOT NULL,
  cool_off_hours  INTEGER NOT NULL CHECK (cool_off_hours >= 0),
  blocked_at      TIMESTAMPTZ NOT NULL,
  lifts_at        TIMESTAMPTZ,
  PRIMARY KEY (card_id, category)
);

-- 3-D Secure challenges the issuer asked us (signed webhook `threeds.challenge`). The answer is
-- taken by ONE conditional UPDATE (status = 'pending' and not expired), so a double tap, two tabs, a
-- retry or the timeout job end in one outcome; `issuer_notified_at` is set once the issuer has it
-- (the job sends it again while NULL).
CREATE TABLE card_threeds_challenges (
  id                   TEXT PRIMARY KEY,
  issuer_challenge_id  TEXT NOT NULL UNIQUE,
  user_id              TEXT NOT NULL,
  card_id              TEXT NOT NULL REFERENCES cards (id),
  merchant_name        TEXT NOT NULL,
  merchant_city        TEXT,
  merchant_country     TEXT,
  mcc                  TEXT,
  amount               NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  currency             TEXT NOT NULL,
  billing_amount       NUMERIC(38, 18) NOT NULL CHECK (billing_amount > 0),
  status               TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'timed_out')),
  answered_via         TEXT CHECK (answered_via IN ('pay_password', 'passkey')),
  created_at           TIMESTAMPTZ NOT NULL,
  expires_at           TIMESTAMPTZ NOT NULL,
  answered_at          TIMESTAMPTZ,
  issuer_notified_at   TIMESTAMPTZ
);
CREATE INDEX card_threeds_user ON card_threeds_challenges (user_id, created_at DESC);
CREATE INDEX card_threeds_pending ON card_threeds_challenges (expires_at) WHERE status = 'pending';
CREATE INDEX card_threeds_unnotified ON card_threeds_challenges (answered_at) WHERE status <> 'pending' AND issuer_notified_at IS NULL;

-- The statement line of a purchase that was confirmed in the app (or not).
ALTER TABLE card_transactions ADD COLUMN three_ds TEXT CHECK (three_ds IS NULL OR three_ds IN ('approved', 'declined', 'timed_out'));

-- ---- The SANDBOX issuer's side ----------------------------------------------------------------
-- The spending controls the programme set on a card (Stripe Issuing's `spending_controls`), as JSON:
-- { online, contactless, atm, magstripe, monthlyLimit, blocks: [{ category, until }] }.
ALTER TABLE sandbox_issuer_cards ADD COLUMN spending_controls JSONB;
ALTER TABLE sandbox_issuer_cards ADD COLUMN spending_controls_version INTEGER NOT NULL DEFAULT 0;
-- Purchases waiting for the cardholder's 3-D Secure answer (the merchant waits; 5 minutes).
CREATE TABLE sandbox_issuer_threeds (
  id              TEXT PRIMARY KEY,
  token           TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  transaction_id  TEXT NOT NULL UNIQUE,
  request         JSONB NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'timed_out')),
  expires_at      TIMESTAMPTZ NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL,
  answered_at     TIMESTAMPTZ
);
CREATE INDEX sandbox_issuer_threeds_pending ON sandbox_issuer_threeds (expires_at) WHERE status = 'pending';
