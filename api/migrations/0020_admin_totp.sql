-- Admin second factor (TOTP, RFC 6238): the newest time step accepted, so a code is used once
-- (a code seen over a shoulder or in a proxy log cannot open a second session). Runs on PostgreSQL 15 and PGlite.
alter table admins add column totp_last_step bigint;
