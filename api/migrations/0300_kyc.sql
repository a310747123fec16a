-- Identity verification (docs/kyc.md): uploaded images, level-1 submissions, the level-2
-- applicant at the verification provider, the provider's webhook events, and the sandbox
-- provider's own records (what a real provider would keep on its side).

create table uploaded_images (
  id bigserial primary key,
  -- 128-bit random, base64url: the only id a client ever sees.
  public_id text not null unique,
  user_id bigint not null references users(id),
  object_key text not null,
  content_type text not null,
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null,
  created_at timestamptz not null default now()
);
create index uploaded_images_user on uploaded_images (user_id, created_at desc);

create table kyc1_submissions (
  id bigserial primary key,
  user_id bigint not null references users(id),
  country text not null,
  document_type text not null check (document_type in ('id_card', 'driving_licence', 'passport')),
  first_name text not null,
  last_name text not null,
  document_number text not null,
  birth_date date not null,
  document_images text[] not null,
  status text not null check (status in ('verified', 'failed')),
  reason_key text,
  provider text not null,
  provider_reference text,
  created_at timestamptz not null default now()
);
create index kyc1_submissions_user on kyc1_submissions (user_id, id desc);
-- At most one verified level-1 record per customer.
create unique index kyc1_submissions_one_verified on kyc1_submissions (user_id) where status = 'verified';

create table kyc2_applicants (
  id bigserial primary key,
  user_id bigint not null unique references users(id),
  provider text not null,
  applicant_id text not null unique,
  level_name text not null,
  status text not null check (status in ('init', 'pending', 'verified', 'failed')),
  reject_type text check (reject_type in ('RETRY', 'FINAL')),
  reject_labels text[] not null default '{}',
  moderation_comment text,
  -- createdAtMs of the newest provider event applied: older events arriving late are recorded, not applied.
  last_event_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table kyc_webhook_events (
  id bigserial primary key,
  provider text not null,
  -- SHA-256 of the raw body: a redelivery of the same event is recognised and answered again.
  digest text not null unique,
  type text not null,
  applicant_id text not null,
  event_created_at timestamptz not null,
  applied boolean not null,
  payload jsonb not null,
  received_at timestamptz not null default now()
);
create index kyc_webhook_events_applicant on kyc_webhook_events (applicant_id, event_created_at);

-- The sandbox provider's side (sandbox mode only writes here).
create table sandbox_kyc_applicants (
  applicant_id text primary key,
  external_user_id text not null,
  level_name text not null,
  first_name text not null,
  last_name text not null,
  document_number text not null,
  review_status text not null default 'init',
  created_at timestamptz not null default now()
);
create table sandbox_kyc_tokens (
  token_hash text primary key,
  applicant_id text not null references sandbox_kyc_applicants(applicant_id),
  expires_at timestamptz not null
);
create table sandbox_kyc_outbox (
  id bigserial primary key,
  applicant_id text not null,
  body text not null,
  due_at timestamptz not null,
  attempts int not null default 0,
  delivered_at timestamptz
);
create index sandbox_kyc_outbox_due on sandbox_kyc_outbox (due_at) where delivered_at is null;
