-- A sweep stuck unmined past the timeout is re-signed with the same nonce and higher fees (docs/chain.md
-- "Sweeping"); the hashes it replaced are kept, since whichever of them is mined settles the sweep.
ALTER TABLE chain_evm_sweeps ADD COLUMN previous_hashes TEXT[] NOT NULL DEFAULT '{}';
