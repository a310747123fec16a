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
