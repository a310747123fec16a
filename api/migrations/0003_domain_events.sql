-- Domain events: the transactional outbox of the whole API (docs/architecture.md "Domain events").
-- A money operation records its event in the same transaction as its posting; each consumer
-- (cashback, messages, live updates …) gets its own delivery row, claimed with SKIP LOCKED and
-- completed in the same transaction as the consumer's own effect, so each event takes effect
-- exactly once per consumer even with several API processes or a crash in between.

create table domain_events (
  id bigint generated always as identity primary key,
  type text not null check (type ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$'),
  user_id bigint references users (id),
  -- The fact's own id (a deposit id, a card order id …): one event per (type, fact).
  aggregate_id text not null,
  payload jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null default clock_timestamp(),
  unique (type, aggregate_id)
);
create index domain_events_user_idx on domain_events (user_id, id desc);

create table domain_event_deliveries (
  consumer text not null,
  event_id bigint not null references domain_events (id),
  status text not null default 'pending' check (status in ('pending', 'done', 'dead')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default clock_timestamp(),
  last_error text,
  done_at timestamptz,
  primary key (consumer, event_id)
);
create index domain_event_deliveries_due_idx on domain_event_deliveries (consumer, next_attempt_at, event_id) where status = 'pending';
