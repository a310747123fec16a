-- Cashback follows net card funding (docs/referral.md "Money taken back off a card"): money that
-- leaves an invitee's card for the wallet takes back the cashback it earned, once per withdrawal
-- and beneficiary (the unique key), latest loads first, proportionally within a load.
create table referral_clawbacks (
  id bigint generated always as identity primary key,
  -- the card operation that took the money off the card (withdrawal or close)
  source_ref text not null,
  event_id bigint not null,
  invitee_id bigint not null references users (id),
  beneficiary_id bigint not null references users (id),
  withdrawn numeric(38, 18) not null check (withdrawn >= 0),
  -- the part of the invitee's loads (that still earned cashback) this withdrawal took back
  base_amount numeric(38, 18) not null check (base_amount >= 0),
  -- the cashback those loads earned, to take back
  amount numeric(38, 18) not null check (amount >= 0),
  created_at timestamptz not null default clock_timestamp(),
  unique (source_ref, beneficiary_id)
);
create index referral_clawbacks_beneficiary_idx on referral_clawbacks (beneficiary_id, id desc);

-- A cashback partly taken back is reversed whole and its remainder paid again as a new row
-- (one reversal posting per cashback row, as the referral checks expect); the remainder remembers
-- the load it came from (a later refund of that load still finds it) and the clawback that split it.
alter table referral_cashbacks add column origin_ref text;
alter table referral_cashbacks add column split_by bigint references referral_clawbacks (id);
