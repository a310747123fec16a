-- Card funding lots (table in 0190, written by every wallet → card transfer): what came back
-- from the card side, and the lots of money already there when lots began.
-- What reached the wallet, in the wallet currency (NULL: recorded before lots, 1:1).
ALTER TABLE card_funding_withdrawals ADD COLUMN received NUMERIC(38, 18);
ALTER TABLE card_operations ADD COLUMN wallet_amount NUMERIC(38, 18);

-- The lots of money already on the card side: transfers in, less what went back in the same currency.
INSERT INTO card_funding_lots (user_id, currency, amount)
SELECT user_id, currency, sum(v)
FROM (
  SELECT user_id, currency, amount AS v FROM wallet_transfers
  UNION ALL
  SELECT user_id, currency, -amount FROM card_funding_withdrawals WHERE status = 'completed'
  UNION ALL
  SELECT user_id, wallet_currency, -amount FROM card_operations
  WHERE status = 'completed' AND kind IN ('withdraw', 'close') AND wallet_currency IS NOT NULL
) moves
GROUP BY user_id, currency
HAVING sum(v) > 0;
