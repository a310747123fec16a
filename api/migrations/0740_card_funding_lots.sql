-- Card funding lots (docs/cards.md "Money back to the wallet"): per customer and wallet currency,
-- how much of the USD moved wallet → card side came in as that currency and has not yet gone back
-- in it. Money leaving the card side returns 1:1 in a currency up to its lot; beyond it, it is
-- priced as an exchange (mid-market rate less the spread), and the lots of the other currencies it
-- came from are used up — so the card side is never a free currency switch.
CREATE TABLE card_funding_lots (
  user_id   TEXT NOT NULL,
  currency  TEXT NOT NULL CHECK (currency IN ('USD', 'USDT', 'USDC')),
  amount    NUMERIC(38, 18) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (user_id, currency)
);

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
