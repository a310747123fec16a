-- WeChat sign-in (issue 27, docs/wechat.md). One row per (WeChat app, openid) bound to a customer;
-- the mini-program and the web app have different openids for one person and share the unionid.
-- A customer has at most one WeChat person (one unionid); a WeChat person at most one customer.
create table wechat_identities (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  app_id text not null,
  source text not null check (source in ('mp', 'web')),
  openid text not null,
  unionid text,
  nickname text,
  bound_at timestamptz not null,
  unique (app_id, openid)
);
create index wechat_identities_user on wechat_identities (user_id);
create index wechat_identities_union on wechat_identities (unionid) where unionid is not null;

-- "Mobile needed" tickets of passport/loginMpWx: 256-bit random, stored hashed, 10 minutes, single use.
create table wechat_login_tickets (
  id bigint generated always as identity primary key,
  ticket_hash text not null unique,
  app_id text not null,
  source text not null,
  openid text not null,
  unionid text,
  nickname text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- OAuth `state` of the web authorisation page (CSRF of the redirect): stored hashed, 10 minutes, single use.
create table wechat_oauth_states (
  state_hash text primary key,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- The sandbox's WeChat servers: codes it handed out (js_code, OAuth code, phone code) and its access tokens.
create table wechat_sandbox_codes (
  code text primary key,
  kind text not null check (kind in ('js', 'oauth', 'phone', 'sns_token')),
  app_id text not null,
  openid text,
  unionid text,
  nickname text,
  phone text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create table wechat_sandbox_tokens (
  token text primary key,
  app_id text not null,
  expires_at timestamptz not null
);
