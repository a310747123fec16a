-- The EVM chain provider's own state (docs/chain.md). Nothing here is a balance: the books stay in
-- the ledger; these rows are what the provider needs to talk to a real chain exactly once.

-- Deposit addresses derived from the extended PUBLIC key (BIP-32/44): the path is recorded per
-- address so the offline signer that holds the seed can sweep it; no private key is stored anywhere.
CREATE SEQUENCE chain_evm_address_index_seq MINVALUE 0 START 0;
CREATE TABLE chain_evm_deposit_keys (
  address TEXT PRIMARY KEY,
  chain_id BIGINT NOT NULL,
  user_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  address_index INTEGER NOT NULL CHECK (address_index >= 0),
  derivation_path TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (chain_id, user_id, currency),
  UNIQUE (chain_id, address_index)
);

-- Blocks scanned, newest last: their hashes let the scanner see a reorganisation (a new block whose
-- parent hash is not the one we scanned) and find the common ancestor. Old rows are pruned.
CREATE TABLE chain_evm_blocks (
  chain_id BIGINT NOT NULL,
  height BIGINT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (chain_id, height)
);

-- The hot wallet's next nonce, held in the database under a row lock so two API processes (or one
-- restarted) never sign two transactions with one nonce.
CREATE TABLE chain_evm_nonces (
  chain_id BIGINT NOT NULL,
  address TEXT NOT NULL,
  next_nonce BIGINT NOT NULL CHECK (next_nonce >= 0),
  PRIMARY KEY (chain_id, address)
);

-- One signed transaction per withdrawal (client tx id), written in the payout's own transaction and
-- broadcast only after it committed: a rolled-back payout never reaches the chain, a committed one is
-- (re)broadcast until the node has it. replaced_by: a fee bump re-signs the same nonce.
CREATE TABLE chain_evm_sends (
  client_tx_id TEXT PRIMARY KEY,
  chain_id BIGINT NOT NULL,
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  nonce BIGINT NOT NULL,
  gas_limit BIGINT NOT NULL,
  max_fee_per_gas NUMERIC(78, 0) NOT NULL,
  max_priority_fee_per_gas NUMERIC(78, 0) NOT NULL,
  raw_tx TEXT NOT NULL,
  tx_hash TEXT NOT NULL UNIQUE,
  previous_hashes TEXT[] NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('signed', 'broadcast', 'confirmed', 'failed')),
  block_number BIGINT,
  broadcast_attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (chain_id, from_address, nonce)
);
CREATE INDEX chain_evm_sends_open ON chain_evm_sends (chain_id, status) WHERE status IN ('signed', 'broadcast');
