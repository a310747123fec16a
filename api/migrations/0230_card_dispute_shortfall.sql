-- A lost dispute whose provisional credit was already spent (docs/cards.md "Disputes", "A lost
-- dispute after the credit was spent"). The issuer takes back what the card holds (`reversed`); the
-- rest (`shortfall` = credited − reversed) is a receivable from the customer, booked on
-- system:card_receivables:USD in the same posting, and `recovered` from the card's next top-ups by
-- card operations of kind 'dispute_recovery' (each an issuer unload + a posting card → receivables).
ALTER TABLE card_disputes ADD COLUMN shortfall NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (shortfall >= 0);
ALTER TABLE card_disputes ADD COLUMN recovered NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (recovered >= 0);
ALTER TABLE card_disputes ADD CONSTRAINT card_disputes_recovered_le_shortfall CHECK (recovered <= shortfall);
ALTER TABLE card_disputes ADD CONSTRAINT card_disputes_shortfall_le_credit CHECK (reversed + shortfall <= credited);
CREATE INDEX card_disputes_owed ON card_disputes (card_id) WHERE recovered < shortfall;

ALTER TABLE card_operations DROP CONSTRAINT card_operations_kind_check;
ALTER TABLE card_operations ADD CONSTRAINT card_operations_kind_check
  CHECK (kind IN ('activate', 'topup', 'withdraw', 'close', 'dispute_recovery'));
-- The dispute a 'dispute_recovery' operation paid back (NULL for every other kind).
ALTER TABLE card_operations ADD COLUMN dispute_id TEXT REFERENCES card_disputes (id);
ALTER TABLE card_operations ADD CONSTRAINT card_operations_recovery_has_dispute
  CHECK ((kind = 'dispute_recovery') = (dispute_id IS NOT NULL));
