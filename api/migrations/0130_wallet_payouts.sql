-- Payouts exactly once (docs/ledger.md "Payout state machine"). Approving a withdrawal now only
-- claims it ('sending', in the decision's transaction); the broadcast runs after commit from the
-- domain-event outbox and ends in 'sent', or — when the chain refuses it for good — in 'rejected'
-- (reject_reason 'broadcast_failed') with the hold refunded once. A reject by an administrator can
-- only win while the row is still 'pending'.
ALTER TABLE wallet_withdrawals DROP CONSTRAINT IF EXISTS wallet_withdrawals_status_check;
ALTER TABLE wallet_withdrawals
  ADD CONSTRAINT wallet_withdrawals_status_check CHECK (status IN ('pending', 'sending', 'sent', 'rejected'));
-- When the broadcast was accepted by the chain (decided_at is when the administrator decided).
ALTER TABLE wallet_withdrawals ADD COLUMN sent_at TIMESTAMPTZ;
-- Money leaves or comes back exactly in these states: a sent row has its tx hash, a settled one its time.
ALTER TABLE wallet_withdrawals
  ADD CONSTRAINT wallet_withdrawals_sent_has_hash CHECK (status <> 'sent' OR tx_hash IS NOT NULL);
