-- ledger_post, same contract as in 0100, fewer statements per posting (throughput, docs/performance.md):
-- each account is locked and changed by one UPDATE … RETURNING (a locked read-modify-write: under
-- READ COMMITTED the row is re-read after any concurrent writer commits), still in id order, and all
-- entries go in with one INSERT. The no-overdraft CHECK on ledger_accounts refuses a negative
-- customer balance (23514 ledger_accounts_no_overdraft → insufficient_balance) and the explicit
-- CW001 stays as a second guard.
CREATE OR REPLACE FUNCTION ledger_post(
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
