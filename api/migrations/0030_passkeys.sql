-- Passkeys (issue 22): WebAuthn credentials of customers and the challenges of their ceremonies.

-- One random WebAuthn user handle per customer (never the user id or a contact: it is stored on the
-- authenticator and handed to any site that asks for a discoverable credential of this RP).
create table passkey_user_handles (
  user_id bigint primary key references users (id),
  handle text not null unique
);

create table passkeys (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  -- base64url credential id; unique across every customer (a credential belongs to one account).
  credential_id text not null unique,
  public_key text not null,
  sign_count bigint not null default 0 check (sign_count >= 0),
  transports text not null default '[]',
  device_type text not null,
  backed_up boolean not null default false,
  aaguid text not null,
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index passkeys_user_idx on passkeys (user_id);

-- A ceremony's challenge: single use, 5 minutes, looked up by the SHA-256 of the ceremony id and
-- kept only as the SHA-256 of the challenge (a database reader cannot answer an open ceremony).
create table passkey_challenges (
  id bigint generated always as identity primary key,
  ceremony_hash text not null unique,
  purpose text not null check (purpose in ('register', 'login', 'proof')),
  user_id bigint references users (id),
  challenge_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index passkey_challenges_expires_idx on passkey_challenges (expires_at);
