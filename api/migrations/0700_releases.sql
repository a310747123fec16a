-- Independent releases of the feature apps (docs/releasing.md). A release is one production build
-- of one app, published immutably in the release store under <app>/<release_id>/; the registry
-- below says which release each client gets: per app a stable release and an optional canary
-- with a percentage, chosen by a sticky cohort. Deploy tokens are per app and stored hashed.

create table releases (
  id bigint generated always as identity primary key,
  app text not null check (app in ('mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport')),
  -- "<version>-<first 12 hex of the checksum>": the store folder, never reused.
  release_id text not null unique check (release_id ~ '^[0-9A-Za-z.+-]{1,80}$'),
  version text not null check (length(version) between 1 and 64),
  contract_version text not null,
  contract_major int not null,
  route_prefix text not null,
  -- [{ path, size, sha256 }] of every file published.
  files jsonb not null,
  -- sha256 over the sorted file list (path + sha256 of each file).
  checksum text not null check (checksum ~ '^[0-9a-f]{64}$'),
  created_by text not null,
  created_at timestamptz not null default clock_timestamp(),
  unique (app, checksum)
);
create index releases_app_idx on releases (app, id desc);

create table release_channels (
  app text primary key check (app in ('mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport')),
  stable_release_id bigint not null references releases (id),
  canary_release_id bigint references releases (id),
  canary_percent int not null default 0 check (canary_percent between 0 and 100),
  updated_at timestamptz not null default clock_timestamp(),
  check ((canary_release_id is null) = (canary_percent = 0))
);

-- Every release that became stable, newest last: rollback pops the top (marks it rolled back)
-- and the newest entry not rolled back becomes stable again.
create table release_stable_history (
  id bigint generated always as identity primary key,
  app text not null,
  release_id bigint not null references releases (id),
  became_stable_at timestamptz not null default clock_timestamp(),
  rolled_back_at timestamptz
);
create index release_stable_history_app_idx on release_stable_history (app, id desc);

create table deploy_tokens (
  id bigint generated always as identity primary key,
  app text not null check (app in ('mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport')),
  label text not null check (length(label) between 1 and 100),
  token_hash text not null unique,
  created_by text not null,
  created_at timestamptz not null default clock_timestamp(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index deploy_tokens_app_idx on deploy_tokens (app);

create table release_audit (
  id bigint generated always as identity primary key,
  app text not null,
  action text not null check (action in ('release', 'refused', 'promote', 'canary', 'rollback', 'abort_canary', 'token_created', 'token_revoked')),
  release_id text,
  actor text not null,
  details jsonb not null default '{}'::jsonb,
  at timestamptz not null default clock_timestamp()
);
create index release_audit_app_idx on release_audit (app, id desc);
