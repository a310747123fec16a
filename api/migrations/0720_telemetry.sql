-- Per-release telemetry from browsers (issue 25, docs/releasing.md "Automatic rollouts").
-- Only aggregates are kept: per app, per release, per minute. No session id, user id, amount or
-- URL is stored. Histograms are fixed log-scale buckets (src/modules/telemetry/histogram.ts), so
-- minutes and processes merge by adding bucket counts.
create table telemetry_minutes (
  app text not null check (app in ('mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport')),
  release_id text not null check (release_id ~ '^[0-9A-Za-z.+-]{1,80}$'),
  minute timestamptz not null,
  -- Sessions that tried to load the app (the reporter sends one per app per session).
  sessions int not null default 0 check (sessions >= 0),
  -- Sessions with at least one error attributed to the app (boundary, uncaught, rejection).
  error_sessions int not null default 0 check (error_sessions >= 0),
  -- Every error attributed to the app (an error session may hold many).
  errors int not null default 0 check (errors >= 0),
  -- Sessions whose load of the app failed (manifest, entry, chunk, timeout).
  load_failures int not null default 0 check (load_failures >= 0),
  lcp_hist int[] not null,
  inp_hist int[] not null,
  cls_hist int[] not null,
  primary key (app, release_id, minute)
);
create index telemetry_minutes_minute_idx on telemetry_minutes (minute);

-- Automatic rollouts: a canary advanced step by step while the analysis says healthy.
create table release_rollouts (
  id bigint generated always as identity primary key,
  app text not null check (app in ('mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport')),
  release_id text not null,
  steps int[] not null,
  step_index int not null default 0,
  step_started_at timestamptz not null,
  status text not null check (status in ('running', 'paused', 'completed', 'rolled_back', 'superseded')),
  status_reason text,
  created_by text not null,
  created_at timestamptz not null,
  last_checked_at timestamptz,
  next_check_at timestamptz,
  last_verdict jsonb
);
-- At most one active (running or paused) rollout per app.
create unique index release_rollouts_active_idx on release_rollouts (app) where status in ('running', 'paused');
create index release_rollouts_app_idx on release_rollouts (app, id desc);

-- Messages to the admin who started a rollout (shown in the release console).
create table release_messages (
  id bigint generated always as identity primary key,
  recipient text not null,
  app text not null,
  text text not null,
  details jsonb not null default '{}'::jsonb,
  at timestamptz not null default clock_timestamp()
);
create index release_messages_recipient_idx on release_messages (recipient, id desc);

-- The rollout job writes its decisions (with the evidence) into the release audit log.
alter table release_audit drop constraint release_audit_action_check;
alter table release_audit add constraint release_audit_action_check check (action in (
  'release', 'refused', 'promote', 'canary', 'rollback', 'abort_canary', 'token_created', 'token_revoked',
  'rollout_start', 'rollout_advance', 'rollout_rollback', 'rollout_pause', 'rollout_resume', 'rollout_stop'));
