-- Step-up grants (issue 22): a fresh proof (login password, transaction password, or a code sent to
-- a channel bound before) recorded for one purpose; single use, five minutes, per customer.
create table step_up_grants (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  purpose text not null,
  proof text not null,
  locale text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index step_up_grants_live on step_up_grants (user_id, purpose) where used_at is null;

-- When each e-mail / mobile was bound. No row: bound at registration (users.created_at).
-- A channel bound in the last 24 hours cannot reset the transaction password.
create table channel_bindings (
  user_id bigint not null references users (id),
  channel text not null check (channel in ('email', 'mobile')),
  account text not null,
  bound_at timestamptz not null,
  primary key (user_id, channel)
);
