-- One verified identity backs at most one account (docs/kyc.md "One identity, one account").
-- The identity is the level-1 document (type, country, number) as an HMAC-SHA256 keyed with
-- KYC_IDENTITY_HASH_KEY: the number is never stored here in clear, and without the key the hash
-- cannot be tested against guessed numbers. The primary key decides a race between two accounts.
create table kyc_identities (
  identity_hash text primary key,
  user_id bigint not null unique references users (id),
  claimed_at timestamptz not null default clock_timestamp()
);

-- An account the provider approved although its identity already backs another account
-- (claimed before this rule existed, or the provider approved regardless): it keeps its level,
-- but it neither earns nor generates referral cashback (docs/referral.md).
create table kyc_identity_duplicates (
  user_id bigint primary key references users (id),
  identity_hash text not null,
  held_by bigint not null references users (id),
  recorded_at timestamptz not null default clock_timestamp()
);
