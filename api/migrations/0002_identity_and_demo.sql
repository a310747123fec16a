-- The verified date of birth (set by identity verification, read by the age gates of cards and
-- transfers) and the record of which sandbox demo seeds have run (each runs once per database).

alter table users add column birth_date date;

create table sandbox_demo_seeds (
  name text primary key,
  completed_at timestamptz not null default now()
);
