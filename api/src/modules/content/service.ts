import { DEFAULT_LOCALE, paginate, type Locale, type Paginated } from '@cardwallet/shared';
import type { Article, ArticleKind, ArticleSummary, ArticleWriteBody, HelpTopic } from '@cardwallet/shared/schemas';
import type { SqlDatabase } from '../../db/index.js';
import { BusinessError } from '../../http/errors.js';
import { sanitizeRichText } from './sanitize.js';

interface Row {
  id: string;
  kind: ArticleKind;
  topic: HelpTopic | null;
  title: string;
  summary: string;
  pinned: boolean;
  published_at: string;
  locale: Locale;
  body_html?: string;
  read?: boolean;
}

/** The reader's text when there is one, else en-US: one join per locale, chosen column by column. */
const TEXT = `coalesce(loc.title, en.title) AS title, coalesce(loc.summary, en.summary) AS summary,
  CASE WHEN loc.article_id IS NULL THEN '${DEFAULT_LOCALE}' ELSE loc.locale END AS locale`;
const JOINS = `JOIN content_translations en ON en.article_id = a.id AND en.locale = '${DEFAULT_LOCALE}'
  LEFT JOIN content_translations loc ON loc.article_id = a.id AND loc.locale = $1`;
const COLUMNS = `a.id::text AS id, a.kind, a.topic, a.pinned,
  to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at, ${TEXT}`;

function toSummary(r: Row): ArticleSummary {
  return {
    id: r.id,
    kind: r.kind,
    topic: r.topic,
    title: r.title,
    summary: r.summary,
    pinned: r.pinned,
    publishedAt: r.published_at,
    locale: r.locale,
    ...(r.read === undefined || r.read === null ? {} : { read: r.read }),
  };
}

const notFound = () => new BusinessError('not_found');

/** Announcements, news, help and the agreement: published articles only, texts per locale. */
export class ContentService {
  constructor(private readonly db: SqlDatabase) {}

  async list(
    locale: Locale,
    q: { kind: 'announcement' | 'news' | 'help'; topic?: HelpTopic; q?: string; page: number; per_page: number },
    readerId?: string,
  ): Promise<Paginated<ArticleSummary>> {
    // Words of the help search, each matched as a plain substring (LIKE wildcards escaped).
    const words = (q.q ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 8)
      .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const where = `a.kind = $2 AND a.status = 'published' AND ($3::text IS NULL OR a.topic = $3)
      AND NOT EXISTS (SELECT 1 FROM unnest($4::text[]) w WHERE NOT (
        coalesce(loc.title, en.title) ILIKE w OR coalesce(loc.summary, en.summary) ILIKE w OR coalesce(loc.body_html, en.body_html) ILIKE w))`;
    const read = readerId
      ? `, EXISTS (SELECT 1 FROM content_reads r WHERE r.article_id = a.id AND r.user_id = $7::bigint) AS read`
      : '';
    const params = [
      locale,
      q.kind,
      q.topic ?? null,
      words,
      q.per_page,
      (q.page - 1) * q.per_page,
      ...(readerId ? [readerId] : []),
    ];
    const [rows, [count]] = await Promise.all([
      this.db.query<Row>(
        `SELECT ${COLUMNS}${read} FROM content_articles a ${JOINS} WHERE ${where}
         ORDER BY a.pinned DESC, a.published_at DESC, a.id DESC LIMIT $5 OFFSET $6`,
        params,
      ),
      this.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM content_articles a ${JOINS} WHERE ${where}`,
        params.slice(0, 4),
      ),
    ]);
    return paginate(rows.map(toSummary), count!.n, q.page, q.per_page);
  }

  async get(
    locale: Locale,
    id: string,
    kinds: ArticleKind[] = ['announcement', 'news', 'help', 'agreement'],
  ): Promise<Article> {
    const [row] = await this.db.query<Row>(
      `SELECT ${COLUMNS}, coalesce(loc.body_html, en.body_html) AS body_html FROM content_articles a ${JOINS}
       WHERE a.id = $2::bigint AND a.status = 'published' AND a.kind = ANY($3::text[])`,
      [locale, id, kinds],
    );
    if (!row) throw notFound();
    return { ...toSummary(row), bodyHtml: row.body_html ?? '' };
  }

  async bySlug(locale: Locale, slug: string): Promise<Article> {
    const [row] = await this.db.query<{ id: string }>(
      `SELECT id::text AS id FROM content_articles WHERE slug = $1 AND status = 'published'`,
      [slug],
    );
    if (!row) throw notFound();
    return this.get(locale, row.id);
  }

  /** An announcement opened by a signed-in customer is read from then on. */
  async openAnnouncement(locale: Locale, id: string, userId: string): Promise<Article> {
    const article = await this.get(locale, id, ['announcement']);
    await this.db.query(
      `INSERT INTO content_reads (user_id, article_id) VALUES ($1::bigint, $2::bigint) ON CONFLICT DO NOTHING`,
      [userId, id],
    );
    return { ...article, read: true };
  }

  async unreadAnnouncements(userId: string): Promise<{ announcements: number }> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM content_articles a WHERE a.kind = 'announcement' AND a.status = 'published'
       AND NOT EXISTS (SELECT 1 FROM content_reads r WHERE r.article_id = a.id AND r.user_id = $1::bigint)`,
      [userId],
    );
    return { announcements: row!.n };
  }

  async readAllAnnouncements(userId: string): Promise<{ updated: number }> {
    const rows = await this.db.query(
      `INSERT INTO content_reads (user_id, article_id)
       SELECT $1::bigint, a.id FROM content_articles a WHERE a.kind = 'announcement' AND a.status = 'published'
       ON CONFLICT DO NOTHING RETURNING article_id`,
      [userId],
    );
    return { updated: rows.length };
  }

  async feedback(
    userId: string | null,
    locale: Locale,
    body: { rating: number; message: string },
  ): Promise<{ id: string }> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO help_feedback (user_id, rating, message, locale) VALUES ($1::bigint, $2, $3, $4) RETURNING id::text AS id`,
      [userId, body.rating, body.message, locale],
    );
    return { id: row!.id };
  }

  /** Admin: writes an article with its texts (sanitised here, once, before they are stored). */
  async write(
    adminId: string | null,
    body: ArticleWriteBody & { publish: boolean; pinned: boolean },
  ): Promise<{ id: string }> {
    if ((body.kind === 'help') !== Boolean(body.topic))
      throw new BusinessError(
        'invalid_params',
        {},
        { data: { fields: { topic: 'help articles need a topic; others have none' } } },
      );
    return this.db.transaction(async (tx) => {
      const [article] = await tx.query<{ id: string }>(
        `INSERT INTO content_articles (kind, topic, slug, pinned, status, published_at, created_by)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 = 'published' THEN clock_timestamp() END, $6::bigint)
         ON CONFLICT (slug) DO UPDATE SET updated_at = clock_timestamp(), pinned = EXCLUDED.pinned,
           status = EXCLUDED.status, published_at = coalesce(content_articles.published_at, EXCLUDED.published_at)
         RETURNING id::text AS id`,
        [body.kind, body.topic ?? null, body.slug ?? null, body.pinned, body.publish ? 'published' : 'draft', adminId],
      );
      for (const [locale, text] of Object.entries(body.translations)) {
        if (!text) continue;
        await tx.query(
          `INSERT INTO content_translations (article_id, locale, title, summary, body_html) VALUES ($1::bigint, $2, $3, $4, $5)
           ON CONFLICT (article_id, locale) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary, body_html = EXCLUDED.body_html`,
          [article!.id, locale, text.title, text.summary ?? '', sanitizeRichText(text.bodyHtml)],
        );
      }
      return { id: article!.id };
    });
  }

  async setStatus(id: string, status: 'published' | 'archived'): Promise<void> {
    const rows = await this.db.query(
      `UPDATE content_articles SET status = $2, published_at = coalesce(published_at, CASE WHEN $2 = 'published' THEN clock_timestamp() END), updated_at = clock_timestamp()
       WHERE id = $1::bigint RETURNING id`,
      [id, status],
    );
    if (rows.length === 0) throw notFound();
  }
}
