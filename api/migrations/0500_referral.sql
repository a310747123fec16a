-- Referral programme (issue 13, docs/referral.md): two-level cashback paid from the promotions
-- account into inviters' wallets by a consumer of the card domain events, a monthly cap, campaigns
-- with a one-time bonus. Runs on PostgreSQL 15 and PGlite.

-- One inviter per account for life: referee_id is set when the account is created and never
-- changes afterwards; nobody is their own inviter.
alter table users add constraint users_no_self_referral check (referee_id is null or referee_id <> id);

create function users_referee_immutable() returns trigger language plpgsql as $$
begin
  if new.referee_id is distinct from old.referee_id then
    raise exception 'the inviter of an account cannot change' using errcode = 'CW501';
  end if;
  return new;
end $$;
create trigger users_referee_immutable before update of referee_id on users
  for each row execute function users_referee_immutable();

-- One row per (earning operation, beneficiary): the consumer's exactly-once guarantee lives in
-- the unique key, the ledger posting's ref repeats it.
create table referral_cashbacks (
  id bigint generated always as identity primary key,
  beneficiary_id bigint not null references users (id),
  invitee_id bigint not null references users (id),
  level smallint not null check (level in (1, 2)),
  kind text not null check (kind in ('open_card', 'recharge')),
  -- card id (open_card) or card operation id (recharge): the aggregate of the earning event
  source_ref text not null,
  event_id bigint not null,
  occurred_at timestamptz not null,
  base_amount numeric(38, 18),
  -- what the rates gave, and what was paid after the monthly cap (0 = capped)
  earned numeric(38, 18) not null check (earned >= 0),
  amount numeric(38, 18) not null check (amount >= 0 and amount <= earned),
  month date not null,
  reversed_at timestamptz,
  -- what the reversal took back from the wallet (≤ amount; the rest is written off by marketing)
  reversed_amount numeric(38, 18) check (reversed_amount is null or (reversed_amount >= 0 and reversed_amount <= amount)),
  created_at timestamptz not null default clock_timestamp(),
  unique (kind, source_ref, beneficiary_id),
  check (beneficiary_id <> invitee_id),
  check ((reversed_at is null) = (reversed_amount is null))
);
create index referral_cashbacks_beneficiary_idx on referral_cashbacks (beneficiary_id, kind, id desc);
create index referral_cashbacks_invitee_idx on referral_cashbacks (invitee_id);

-- Cashback paid per beneficiary per month; the row is locked (upsert) while a payment is decided,
-- so concurrent consumers cannot both fill the same cap.
create table referral_monthly_totals (
  user_id bigint not null references users (id),
  month date not null,
  paid numeric(38, 18) not null default 0 check (paid >= 0),
  primary key (user_id, month)
);

create table referral_campaigns (
  id bigint generated always as identity primary key,
  name text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  goal integer not null check (goal between 1 and 1000),
  bonus numeric(20, 2) not null check (bonus > 0),
  created_at timestamptz not null default clock_timestamp(),
  check (ends_at > starts_at)
);

-- The bonus is paid once per campaign and customer: the primary key and the posting's ref.
create table referral_campaign_awards (
  campaign_id bigint not null references referral_campaigns (id),
  user_id bigint not null references users (id),
  amount numeric(20, 2) not null,
  awarded_at timestamptz not null default clock_timestamp(),
  primary key (campaign_id, user_id)
);
