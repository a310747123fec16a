-- Content authored by administrators: announcements, news, help articles and the user agreement,
-- each with a text per locale (en-US required, the others fall back to it). Bodies are stored
-- already sanitised (src/modules/content/sanitize.ts); announcements have a per-customer read state.

create table content_articles (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('announcement', 'news', 'help', 'agreement')),
  -- Help topics group the FAQ; null for the other kinds.
  topic text check (topic is null or topic in ('account', 'wallet', 'card', 'kyc', 'security')),
  -- A stable name for articles found by name (the user agreement), else null.
  slug text unique check (slug is null or slug ~ '^[a-z0-9-]{1,64}$'),
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  pinned boolean not null default false,
  published_at timestamptz,
  created_by bigint references admins (id),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  check (status <> 'published' or published_at is not null),
  check ((kind = 'help') = (topic is not null))
);
create index content_articles_listing_idx on content_articles (kind, status, pinned desc, published_at desc, id desc);

create table content_translations (
  article_id bigint not null references content_articles (id) on delete cascade,
  locale text not null check (locale in ('en-US', 'zh-HK', 'ar-AE', 'tr-TR')),
  title text not null check (length(title) between 1 and 200),
  summary text not null default '' check (length(summary) <= 500),
  body_html text not null check (length(body_html) <= 100000),
  primary key (article_id, locale)
);

create table content_reads (
  user_id bigint not null references users (id),
  article_id bigint not null references content_articles (id) on delete cascade,
  read_at timestamptz not null default clock_timestamp(),
  primary key (user_id, article_id)
);

create table help_feedback (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  rating smallint not null check (rating between 1 and 5),
  message text not null check (length(message) between 1 and 140),
  locale text not null,
  created_at timestamptz not null default clock_timestamp()
);
