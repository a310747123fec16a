-- Coupons (issue 12): administrators issue batches of codes, customers bind them, the module that
-- charges a fee redeems one inside its own posting transaction. A coupon's state is derived at
-- read time from the database clock (coupon_state), so nothing has to run for one to expire.

create table coupon_batches (
  id bigint generated always as identity primary key,
  name text not null,
  scope text not null check (scope in ('card_application_fee', 'card_topup_gateway_fee', 'card_withdrawal_fee', 'card_unfreeze_fee')),
  discount_type text not null check (discount_type in ('fixed', 'percent')),
  discount_value numeric(20, 2) not null check (discount_value > 0),
  discount_cap numeric(20, 2) check (discount_cap is null or discount_cap > 0),
  valid_until timestamptz not null,
  quantity integer not null check (quantity between 1 and 1000),
  max_uses integer not null check (max_uses >= 1),
  created_by bigint not null references admins (id),
  created_at timestamptz not null default clock_timestamp(),
  check (discount_type = 'fixed' or (discount_cap is not null and discount_value <= 100))
);

create table coupon_codes (
  id bigint generated always as identity primary key,
  batch_id bigint not null references coupon_batches (id),
  code text not null unique check (code ~ '^[A-Z0-9]{4,32}$'),
  -- how many customers may bind this code, and how many have
  max_uses integer not null check (max_uses >= 1),
  bound_count integer not null default 0,
  check (bound_count between 0 and max_uses)
);
create index coupon_codes_batch_idx on coupon_codes (batch_id);

-- A customer's coupon: one binding of a code, used at most once.
create table user_coupons (
  id bigint generated always as identity primary key,
  code_id bigint not null references coupon_codes (id),
  user_id bigint not null references users (id),
  bound_at timestamptz not null default clock_timestamp(),
  used_at timestamptz,
  -- the posting reference of the fee it discounted: one coupon per fee, replays find it again
  used_ref text unique,
  used_fee numeric(20, 2),
  used_discount numeric(20, 2),
  unique (code_id, user_id),
  check ((used_at is null) = (used_ref is null) and (used_at is null) = (used_discount is null))
);
create index user_coupons_user_idx on user_coupons (user_id, bound_at desc);

create function coupon_state(p_used_at timestamptz, p_valid_until timestamptz, p_at timestamptz) returns text
language sql immutable as $$
  select case when p_used_at is not null then 'used' when p_valid_until <= p_at then 'expired' else 'available' end
$$;
