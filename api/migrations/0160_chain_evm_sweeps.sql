-- Sweeping (docs/chain.md "Sweeping"): credited deposits are moved from their deposit address to the
-- hot wallet by a background job that alone holds the deposit seed. One row per sweep transaction;
-- no key is stored here (the signer re-derives the deposit key from chain_evm_deposit_keys.derivation_path).
CREATE TABLE chain_evm_sweeps (
  id TEXT PRIMARY KEY,
  chain_id BIGINT NOT NULL,
  address TEXT NOT NULL,
  currency TEXT NOT NULL,
  -- What the books move: the credited deposits claimed by this sweep (chain_evm_swept_deposits).
  amount NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  -- new → (gas_pending: an ETH top-up from the hot wallet, chain_evm_sends row topup_client_tx_id)
  --     → ready → signed → broadcast → confirmed | failed
  status TEXT NOT NULL CHECK (status IN ('new', 'gas_pending', 'ready', 'signed', 'broadcast', 'confirmed', 'failed')),
  topup_client_tx_id TEXT,
  topup_wei NUMERIC(78, 0),
  nonce BIGINT,
  gas_limit BIGINT,
  max_fee_per_gas NUMERIC(78, 0),
  max_priority_fee_per_gas NUMERIC(78, 0),
  -- ETH sweeps send amount − gas reserve; the rest pays the gas (booked as network fees).
  value_sent NUMERIC(38, 18),
  raw_tx TEXT,
  tx_hash TEXT UNIQUE,
  block_number BIGINT,
  gas_cost_wei NUMERIC(78, 0),
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- One open sweep per deposit address: its nonces are used by nothing else.
CREATE UNIQUE INDEX chain_evm_sweeps_open ON chain_evm_sweeps (chain_id, address)
  WHERE status NOT IN ('confirmed', 'failed');

-- Each credited deposit is swept once: the primary key is the claim (a failed sweep releases its rows).
CREATE TABLE chain_evm_swept_deposits (
  deposit_id TEXT PRIMARY KEY,
  sweep_id TEXT NOT NULL REFERENCES chain_evm_sweeps (id)
);
CREATE INDEX chain_evm_swept_deposits_sweep ON chain_evm_swept_deposits (sweep_id);
