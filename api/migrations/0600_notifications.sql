-- Messages to a customer (the Message tab of the message centre). Each comes from one domain event
-- (unique event_id: exactly once per event) and is stored as a template key + parameters, rendered
-- in the reader's language when read.

create table notifications (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  event_id bigint unique references domain_events (id),
  category text not null check (category in ('wallet', 'card', 'kyc', 'referral', 'account', 'system')),
  template text not null,
  params jsonb not null default '{}'::jsonb,
  -- An in-app path the message opens (/pages/…), never an external URL.
  link text check (link is null or link ~ '^/pages/[a-z0-9_/-]+(\?[A-Za-z0-9_=&%.-]*)?$'),
  created_at timestamptz not null default clock_timestamp(),
  read_at timestamptz
);
create index notifications_user_idx on notifications (user_id, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

-- Live updates: the browser's EventSource cannot send the Access-Token header, so a signed-in page
-- first asks for a ticket (random, stored hashed, 60 s, single use) and opens the stream with it.
create table live_stream_tickets (
  token_hash text primary key,
  user_id bigint not null references users (id),
  session_id bigint not null references sessions (id),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index live_stream_tickets_expiry_idx on live_stream_tickets (expires_at);
