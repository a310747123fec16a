-- The card product's monthly spending limit (spec §3 card benefit), held and enforced by the issuer
-- at authorisation like its balance: purchases authorised or cleared in the calendar month (UTC)
-- plus the new one may not exceed it. NULL = no limit (cards issued before this column).
ALTER TABLE sandbox_issuer_cards ADD COLUMN monthly_limit NUMERIC(38, 18);
CREATE INDEX sandbox_issuer_transactions_month ON sandbox_issuer_transactions (token, created_at) WHERE type = 'purchase';
