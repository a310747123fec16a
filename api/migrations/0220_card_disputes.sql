-- Card disputes (docs/cards.md "Disputes"; api/src/modules/cards/disputes/).
-- A customer contests a completed purchase; the issuer's signed dispute webhooks move it
-- submitted → under_review → provisional_credit → won | lost. The provisional credit and its
-- reversal are ledger postings (refs card_dispute:<id>:credit / :reversal — at most once each).
CREATE TABLE card_disputes (
  id                  TEXT PRIMARY KEY,
  user_id             TEXT NOT NULL,
  card_id             TEXT NOT NULL REFERENCES cards (id),
  transaction_id      TEXT NOT NULL REFERENCES card_transactions (id),
  reason              TEXT NOT NULL CHECK (reason IN ('fraud', 'not_received', 'duplicate', 'wrong_amount', 'cancelled_subscription')),
  description         TEXT,
  -- Public ids of the customer's own uploaded images (upload/image), at most 5.
  evidence            JSONB NOT NULL DEFAULT '[]'::jsonb,
  status              TEXT NOT NULL CHECK (status IN ('submitted', 'under_review', 'provisional_credit', 'won', 'lost')),
  -- The disputed amount in the card's currency (the purchase's settled amount), USD.
  amount              NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  -- What the issuer credited provisionally (posted) and what it took back when the dispute was lost.
  credited            NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (credited >= 0),
  reversed            NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (reversed >= 0),
  outcome_reason      TEXT,
  issuer_dispute_id   TEXT UNIQUE,
  issuer_submitted_at TIMESTAMPTZ,
  idempotency_key     TEXT NOT NULL,
  request_hash        TEXT NOT NULL,
  created_at          TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  updated_at          TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, idempotency_key),
  CHECK (reversed <= credited)
);
-- One open dispute per transaction, whatever the races (50 concurrent submits make one).
CREATE UNIQUE INDEX card_disputes_one_open ON card_disputes (transaction_id)
  WHERE status IN ('submitted', 'under_review', 'provisional_credit');
CREATE INDEX card_disputes_card ON card_disputes (card_id, created_at DESC);
CREATE INDEX card_disputes_user ON card_disputes (user_id, created_at DESC);
CREATE INDEX card_disputes_unsent ON card_disputes (created_at) WHERE issuer_submitted_at IS NULL;

-- The timeline: each state reached once (a replayed or raced webhook cannot add a second entry).
CREATE TABLE card_dispute_events (
  dispute_id  TEXT NOT NULL REFERENCES card_disputes (id),
  status      TEXT NOT NULL,
  amount      NUMERIC(38, 18),
  reason      TEXT,
  event_id    TEXT,
  at          TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (dispute_id, status)
);

-- The SANDBOX issuer's dispute desk (api/src/providers/card-issuer/sandbox-disputes.ts).
CREATE TABLE sandbox_issuer_disputes (
  id              TEXT PRIMARY KEY,
  reference       TEXT NOT NULL UNIQUE,
  token           TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  transaction_id  TEXT NOT NULL,
  amount          NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  reason          TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('received', 'under_review', 'provisional_credit', 'won', 'lost')),
  credited        NUMERIC(38, 18) NOT NULL DEFAULT 0,
  reversed        NUMERIC(38, 18) NOT NULL DEFAULT 0,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
-- Its webhook outbox (delivered to /api/card/dispute/webhook until accepted).
CREATE TABLE sandbox_issuer_dispute_webhooks (
  event_id      TEXT PRIMARY KEY,
  body          TEXT NOT NULL,
  delivered_at  TIMESTAMPTZ,
  attempts      INTEGER NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sandbox_issuer_dispute_webhooks_undelivered ON sandbox_issuer_dispute_webhooks (created_at) WHERE delivered_at IS NULL;
