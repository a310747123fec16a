-- Wallet money core: double-entry ledger (docs/ledger.md) and the wallet operations that post to it.
-- Runs on PostgreSQL 15 and on PGlite (PG 17/18). Amounts: NUMERIC(38,18), never floats.

CREATE TABLE ledger_accounts (
  id             BIGSERIAL PRIMARY KEY,
  -- 'user:<id>:<kind>:<currency>' or 'system:<kind>:<currency>[:<network>]'
  key            TEXT NOT NULL UNIQUE,
  user_id        TEXT,
  kind           TEXT NOT NULL,
  currency       TEXT NOT NULL,
  network        TEXT,
  allow_negative BOOLEAN NOT NULL,
  balance        NUMERIC(38, 18) NOT NULL DEFAULT 0,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The no-overdraft guarantee lives in the database: customer balances never go below zero.
  CONSTRAINT ledger_accounts_no_overdraft CHECK (allow_negative OR balance >= 0),
  -- Only system accounts (no owner) may go negative.
  CONSTRAINT ledger_accounts_owner CHECK ((user_id IS NULL) = allow_negative)
);
CREATE INDEX ledger_accounts_user ON ledger_accounts (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE ledger_postings (
  id           BIGSERIAL PRIMARY KEY,
  -- Idempotency reference of the movement: a movement can never be posted twice.
  ref          TEXT NOT NULL UNIQUE,
  type         TEXT NOT NULL,
  user_id      TEXT,
  -- The wallet operation (deposit, withdrawal, exchange, transfer id) behind the posting.
  operation_id TEXT,
  remark       TEXT,
  tx_hash      TEXT,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE ledger_entries (
  id            BIGSERIAL PRIMARY KEY,
  posting_id    BIGINT NOT NULL REFERENCES ledger_postings (id),
  account_id    BIGINT NOT NULL REFERENCES ledger_accounts (id),
  currency      TEXT NOT NULL,
  amount        NUMERIC(38, 18) NOT NULL CHECK (amount <> 0),
  -- Running balance of the account after this entry (statements, audits).
  balance_after NUMERIC(38, 18) NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (posting_id, account_id)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);

-- Entries and postings are immutable: corrections are new postings.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'CW003', MESSAGE = TG_TABLE_NAME || ' rows are immutable';
END $$;
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();

-- One balanced posting, atomically. p_entries: [{key, userId, kind, currency, network, allowNegative, amount}].
-- Returns the posting id and whether it was created now (false: the ref was already posted).
-- Errors: CW001 insufficient balance, CW002 unbalanced/invalid posting.
-- ledger_post, one round of statements per posting (throughput, docs/performance.md):
-- each account is locked and changed by one UPDATE … RETURNING (a locked read-modify-write: under
-- READ COMMITTED the row is re-read after any concurrent writer commits), still in id order, and all
-- entries go in with one INSERT. The no-overdraft CHECK on ledger_accounts refuses a negative
-- customer balance (23514 ledger_accounts_no_overdraft → insufficient_balance) and the explicit
-- CW001 stays as a second guard.
CREATE FUNCTION ledger_post(
  p_ref TEXT, p_type TEXT, p_user_id TEXT, p_operation_id TEXT, p_remark TEXT, p_tx_hash TEXT, p_entries JSONB
) RETURNS TABLE (posting_id BIGINT, created BOOLEAN) LANGUAGE plpgsql AS $$
DECLARE
  v_posting BIGINT;
  v_bad TEXT;
  v_balance NUMERIC;
  v_ids BIGINT[] := '{}';
  v_currencies TEXT[] := '{}';
  v_amounts NUMERIC[] := '{}';
  v_balances NUMERIC[] := '{}';
  e RECORD;
BEGIN
  INSERT INTO ledger_postings (ref, type, user_id, operation_id, remark, tx_hash)
  VALUES (p_ref, p_type, p_user_id, p_operation_id, p_remark, p_tx_hash)
  ON CONFLICT (ref) DO NOTHING
  RETURNING id INTO v_posting;
  IF v_posting IS NULL THEN
    RETURN QUERY SELECT p.id, false FROM ledger_postings p WHERE p.ref = p_ref;
    RETURN;
  END IF;

  IF jsonb_array_length(p_entries) < 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'CW002', MESSAGE = 'posting ' || p_ref || ' needs two entries';
  END IF;
  SELECT string_agg(cur || '=' || s::text, ', ') INTO v_bad FROM (
    SELECT x ->> 'currency' AS cur, sum((x ->> 'amount')::numeric) AS s
    FROM jsonb_array_elements(p_entries) x GROUP BY 1
  ) t WHERE s <> 0;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'CW002', MESSAGE = 'unbalanced posting ' || p_ref || ': ' || v_bad;
  END IF;

  INSERT INTO ledger_accounts (key, user_id, kind, currency, network, allow_negative)
  SELECT x ->> 'key', x ->> 'userId', x ->> 'kind', x ->> 'currency', x ->> 'network', (x ->> 'allowNegative')::boolean
  FROM jsonb_array_elements(p_entries) x
  WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.key = x ->> 'key')
  ORDER BY x ->> 'key'
  ON CONFLICT (key) DO NOTHING;

  FOR e IN
    SELECT a.id, a.currency AS account_currency, a.allow_negative, x ->> 'currency' AS currency,
           (x ->> 'amount')::numeric AS amount
    FROM jsonb_array_elements(p_entries) x
    JOIN ledger_accounts a ON a.key = x ->> 'key'
    ORDER BY a.id
  LOOP
    IF e.account_currency <> e.currency OR e.amount = 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'CW002', MESSAGE = 'invalid entry in ' || p_ref;
    END IF;
    UPDATE ledger_accounts SET balance = balance + e.amount WHERE id = e.id RETURNING balance INTO v_balance;
    IF v_balance < 0 AND NOT e.allow_negative THEN
      RAISE EXCEPTION USING ERRCODE = 'CW001', MESSAGE = 'insufficient_balance';
    END IF;
    v_ids := v_ids || e.id;
    v_currencies := v_currencies || e.currency;
    v_amounts := v_amounts || e.amount;
    v_balances := v_balances || v_balance;
  END LOOP;
  IF cardinality(v_ids) <> jsonb_array_length(p_entries) THEN
    RAISE EXCEPTION USING ERRCODE = 'CW002', MESSAGE = 'posting ' || p_ref || ' names an account twice';
  END IF;

  INSERT INTO ledger_entries (posting_id, account_id, currency, amount, balance_after)
  SELECT v_posting, u.account_id, u.currency, u.amount, u.balance_after
  FROM unnest(v_ids, v_currencies, v_amounts, v_balances) AS u (account_id, currency, amount, balance_after);

  RETURN QUERY SELECT v_posting, true;
END $$;

-- ---- Wallet operations ------------------------------------------------------------------------

CREATE TABLE wallet_deposit_addresses (
  id         BIGSERIAL PRIMARY KEY,
  user_id    TEXT NOT NULL,
  currency   TEXT NOT NULL,
  network    TEXT NOT NULL,
  address    TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, currency, network),
  UNIQUE (network, address)
);

CREATE TABLE wallet_deposits (
  id                     TEXT PRIMARY KEY,
  user_id                TEXT NOT NULL,
  currency               TEXT NOT NULL,
  network                TEXT NOT NULL,
  address                TEXT NOT NULL,
  amount                 NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  tx_hash                TEXT NOT NULL,
  block_height           BIGINT NOT NULL,
  confirmations          INTEGER NOT NULL DEFAULT 0,
  required_confirmations INTEGER NOT NULL,
  status                 TEXT NOT NULL CHECK (status IN ('confirming', 'credited', 'not_credited')),
  reason                 TEXT,
  created_at             TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  credited_at            TIMESTAMPTZ,
  -- The same chain transaction is never recorded (so never credited) twice.
  UNIQUE (network, tx_hash)
);
CREATE INDEX wallet_deposits_user ON wallet_deposits (user_id, created_at DESC);
CREATE INDEX wallet_deposits_confirming ON wallet_deposits (network) WHERE status = 'confirming';

CREATE TABLE wallet_withdrawals (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  currency        TEXT NOT NULL,
  network         TEXT NOT NULL,
  address         TEXT NOT NULL,
  amount          NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  fee             NUMERIC(38, 18) NOT NULL CHECK (fee >= 0),
  status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'rejected')),
  tx_hash         TEXT,
  reject_reason   TEXT,
  decided_by      TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  decided_at      TIMESTAMPTZ,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX wallet_withdrawals_user ON wallet_withdrawals (user_id, created_at DESC);
CREATE INDEX wallet_withdrawals_status ON wallet_withdrawals (status, created_at);

CREATE TABLE wallet_address_book (
  id         TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL,
  currency   TEXT NOT NULL,
  network    TEXT NOT NULL,
  address    TEXT NOT NULL,
  remark     TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, currency, network, address)
);

CREATE TABLE wallet_exchange_quotes (
  id            TEXT PRIMARY KEY,
  user_id       TEXT NOT NULL,
  from_currency TEXT NOT NULL,
  to_currency   TEXT NOT NULL,
  amount        NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  rate          NUMERIC(38, 18) NOT NULL CHECK (rate > 0),
  receive       NUMERIC(38, 18) NOT NULL CHECK (receive > 0),
  expires_at    TIMESTAMPTZ NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE wallet_exchanges (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  -- A quote is honoured at most once.
  quote_id        TEXT NOT NULL UNIQUE REFERENCES wallet_exchange_quotes (id),
  from_currency   TEXT NOT NULL,
  to_currency     TEXT NOT NULL,
  amount          NUMERIC(38, 18) NOT NULL,
  rate            NUMERIC(38, 18) NOT NULL,
  receive         NUMERIC(38, 18) NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX wallet_exchanges_user ON wallet_exchanges (user_id, created_at DESC);

CREATE TABLE wallet_transfers (
  id              TEXT PRIMARY KEY,
  user_id         TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  currency        TEXT NOT NULL,
  amount          NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  usd_amount      NUMERIC(38, 18) NOT NULL CHECK (usd_amount > 0),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX wallet_transfers_user ON wallet_transfers (user_id, created_at DESC);

-- Transaction password (spec §5): scrypt hash, attempts limited.
CREATE TABLE wallet_pay_passwords (
  user_id         TEXT PRIMARY KEY,
  password_hash   TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until    TIMESTAMPTZ,
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
