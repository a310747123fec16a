-- The gas a hot-wallet transaction burned (receipt gasUsed × effectiveGasPrice, in wei), recorded when
-- it settles, in the transaction of its chain_send posting (docs/ledger.md "Network fees").
ALTER TABLE chain_evm_sends ADD COLUMN gas_cost_wei NUMERIC(78, 0);
