-- The card product's monthly fee (spec §3 card benefit), charged by the issuer like a real one does:
-- in advance, at the start of each calendar month (UTC), for every activated card issued before that
-- month (the month of issue is covered by the application fee), taken from the card
-- balance and reported to us by a signed webhook (`card.fee_charged`) that becomes a card order of
-- type 'fee' and a posting card → card fees. A card whose balance cannot cover it owes the fee: the
-- issuer takes it as soon as the balance allows (after the next top-up). docs/cards.md "Monthly fee".

ALTER TABLE card_transactions DROP CONSTRAINT card_transactions_type_check;
ALTER TABLE card_transactions ADD CONSTRAINT card_transactions_type_check CHECK (type IN ('purchase', 'refund', 'fee'));
-- The month a fee order pays for ('2026-11'); NULL on purchases and refunds.
ALTER TABLE card_transactions ADD COLUMN fee_period TEXT CHECK (fee_period IS NULL OR fee_period ~ '^\d{4}-(0[1-9]|1[0-2])$');

-- ---- The SANDBOX issuer's side ----------------------------------------------------------------
-- NULL = no monthly fee (cards issued before this column, free products).
ALTER TABLE sandbox_issuer_cards ADD COLUMN monthly_fee NUMERIC(38, 18) CHECK (monthly_fee IS NULL OR monthly_fee >= 0);
ALTER TABLE sandbox_issuer_transactions DROP CONSTRAINT sandbox_issuer_transactions_type_check;
ALTER TABLE sandbox_issuer_transactions ADD CONSTRAINT sandbox_issuer_transactions_type_check CHECK (type IN ('purchase', 'refund', 'fee'));
-- One fee per card and month: owed from the run that finds it due, paid once (transaction_id set),
-- waived when the card closes before paying it.
CREATE TABLE sandbox_issuer_fee_dues (
  token           TEXT NOT NULL REFERENCES sandbox_issuer_cards (token),
  period          TEXT NOT NULL,
  amount          NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  status          TEXT NOT NULL DEFAULT 'owed' CHECK (status IN ('owed', 'charged', 'waived')),
  transaction_id  TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  settled_at      TIMESTAMPTZ,
  PRIMARY KEY (token, period)
);
CREATE INDEX sandbox_issuer_fee_dues_owed ON sandbox_issuer_fee_dues (period, token) WHERE status = 'owed';
