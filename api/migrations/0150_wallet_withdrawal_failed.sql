-- A withdrawal whose transaction was mined but failed on chain (EVM: reverted) after it was 'sent'
-- (docs/ledger.md "Payout state machine"): sent → failed, reject_reason 'chain_reverted'. The move
-- posts `withdraw:<id>:failed` once — amount back from the hot wallet, fee back from the fee
-- account, the total to the customer's wallet — in the transaction of the conditional UPDATE.
ALTER TABLE wallet_withdrawals DROP CONSTRAINT IF EXISTS wallet_withdrawals_status_check;
ALTER TABLE wallet_withdrawals
  ADD CONSTRAINT wallet_withdrawals_status_check CHECK (status IN ('pending', 'sending', 'sent', 'rejected', 'failed'));
ALTER TABLE wallet_withdrawals ADD COLUMN failed_at TIMESTAMPTZ;
ALTER TABLE wallet_withdrawals
  ADD CONSTRAINT wallet_withdrawals_failed_has_hash CHECK (status <> 'failed' OR (tx_hash IS NOT NULL AND failed_at IS NOT NULL));
