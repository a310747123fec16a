-- Image upload quota per customer (api/src/modules/kyc/upload.ts): one row per customer, one slot
-- reserved per file with a single atomic upsert before the file is streamed, so parallel requests
-- cannot pass the daily quota. Runs on PostgreSQL 15 and PGlite.
create table upload_quota (
  user_id bigint primary key references users(id) on delete cascade,
  window_started_at timestamptz not null,
  files integer not null
);
