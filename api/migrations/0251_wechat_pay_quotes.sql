-- WeChat Pay quotes (docs/wechat.md "The quote is honoured"): the CNY amount the customer was shown is
-- the amount the order asks for. A quote is held for 60 s, belongs to one customer and one product,
-- and makes at most one order (the unique quote_id below), so a double submit with two keys cannot
-- open two orders on one quote.
create table wechat_pay_quotes (
  id uuid primary key,
  user_id bigint not null references users (id),
  product_id text not null,
  fee_usd numeric(20, 2) not null check (fee_usd > 0),
  amount_fen bigint not null check (amount_fen > 0),
  rate numeric(20, 6) not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index wechat_pay_quotes_expiry on wechat_pay_quotes (expires_at);

alter table wechat_pay_orders add column quote_id uuid unique references wechat_pay_quotes (id) on delete set null;
