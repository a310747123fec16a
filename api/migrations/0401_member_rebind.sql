-- Member centre (issue 12): a 'rebind' verification code proves the CURRENT e-mail/mobile before
-- it is replaced (OWASP ASVS V7.5.1).
alter table verification_codes drop constraint verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'reset_password', 'bind', 'paypass', 'rebind'));

-- Re-authentication tickets for replacing an e-mail or mobile binding (user/verifyIdentity →
-- user/sumbitBind): single use, 10 minutes, stored hashed; separate from reset tickets so one can
-- never stand in for the other.
create table rebind_tickets (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  channel text not null check (channel in ('email', 'mobile')),
  ticket_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index rebind_tickets_user_idx on rebind_tickets (user_id);
