-- WeChat Pay for the card application fee (issue 27, docs/wechat.md).
-- One order per prepay: the fee in USD, the CNY amount (fen) at the quoted rate, the state machine
-- NOTPAY → PAID → COMPLETED | REFUNDING → REFUNDED, NOTPAY → CLOSED (expired; a late payment → REFUNDING).
-- The card PIN waits here AES-256-GCM encrypted until the card is made, and is wiped then or on close.
create table wechat_pay_orders (
  id uuid primary key,
  out_trade_no text not null unique,
  user_id bigint not null references users (id),
  idempotency_key text not null,
  request_hash text not null,
  product_id text not null,
  address_id text,
  pin_sealed text,
  fee_usd numeric(20, 2) not null check (fee_usd > 0),
  amount_fen bigint not null check (amount_fen > 0),
  rate numeric(20, 6) not null,
  status text not null check (status in ('NOTPAY', 'PAID', 'COMPLETED', 'CLOSED', 'REFUNDING', 'REFUNDED')),
  prepay_id text,
  transaction_id text,
  payer_openid text,
  card_id uuid,
  failure text,
  out_refund_no text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  paid_at timestamptz,
  completed_at timestamptz,
  closed_at timestamptz,
  refunded_at timestamptz,
  unique (user_id, idempotency_key)
);
create index wechat_pay_orders_open on wechat_pay_orders (expires_at) where status in ('NOTPAY', 'PAID', 'REFUNDING');

-- Notifications received (by WeChat's notification id): a second delivery is recognised.
create table wechat_pay_notifications (
  id text primary key,
  out_trade_no text,
  event_type text not null,
  received_at timestamptz not null
);

-- Keys of the sandbox (merchant key pair, platform key pair, API v3 key), generated at first start so
-- that every process of one database shares them. Never committed, never logged; absent in production,
-- which reads its keys from configuration.
create table wechat_pay_sandbox_keys (
  id int primary key check (id = 1),
  merchant_private_pem text not null,
  merchant_serial text not null,
  platform_private_pem text not null,
  platform_serial text not null,
  api_v3_key text not null,
  pin_key text not null,
  created_at timestamptz not null
);

-- The sandbox's WeChat Pay server: its transactions (by prepay_id) and refunds.
create table wechat_pay_sandbox_transactions (
  prepay_id text primary key,
  appid text not null,
  mchid text not null,
  out_trade_no text not null unique,
  description text not null,
  total_fen bigint not null,
  payer_openid text,
  notify_url text not null,
  trade_state text not null,
  transaction_id text,
  time_expire timestamptz not null,
  created_at timestamptz not null,
  paid_at timestamptz,
  refunded_fen bigint not null default 0,
  notified_at timestamptz
);
