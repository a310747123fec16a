-- Direct uploads to the bucket (docs/kyc.md "Direct uploads"): one row per upload token (presigned
-- POST policy) issued to a customer. The object key is random and fixed by the policy; the row is
-- claimed once by `upload/image/direct/complete` (issued → processing → completed | failed), so a
-- token is single-use and completing twice answers the same image. A claim older than two minutes
-- (a process killed halfway) may be taken over. Runs on PostgreSQL 15 and PGlite.
create table upload_tokens (
  object_key text primary key,
  user_id bigint not null references users(id) on delete cascade,
  content_type text not null,
  max_bytes integer not null,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  status text not null default 'issued' check (status in ('issued', 'processing', 'completed', 'failed')),
  claimed_at timestamptz,
  -- completed: the accepted image (uploaded_images.public_id); failed: the refusal's error key.
  public_id text,
  failure text
);
create index upload_tokens_user on upload_tokens (user_id, created_at desc);
create index upload_tokens_open on upload_tokens (expires_at) where status in ('issued', 'processing');
