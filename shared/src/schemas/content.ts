import './zod-config';
import { z } from 'zod';
import { LOCALES } from '../locales';
import { paginatedSchema, paginationQuerySchema } from './pagination';
import { multiLineText } from './validation';

export const ARTICLE_KINDS = ['announcement', 'news', 'help', 'agreement'] as const;
export const HELP_TOPICS = ['account', 'wallet', 'card', 'kyc', 'security'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];
export type HelpTopic = (typeof HELP_TOPICS)[number];

const idString = z.string().regex(/^\d{1,18}$/);

/** An article in a list: title and summary in the reader's language (en-US when not translated). */
export const articleSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(ARTICLE_KINDS),
  topic: z.enum(HELP_TOPICS).nullable(),
  title: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
  /** The locale the text is in (the reader's, or en-US as fallback). */
  locale: z.enum(LOCALES),
  /** Announcements for a signed-in reader: whether they opened it. */
  read: z.boolean().optional(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export const articleSchema = articleSummarySchema.extend({
  /** Sanitised HTML (no scripts, handlers or javascript: links). */
  bodyHtml: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListQuery = paginationQuerySchema.extend({
  kind: z.enum(['announcement', 'news', 'help']),
  topic: z.enum(HELP_TOPICS).optional(),
  /** Help search: words looked for in title, summary and body. */
  q: z.string().trim().max(100).optional(),
});
export const articleListResult = paginatedSchema(articleSummarySchema);
export const articleIdQuery = z.object({ id: idString });
export const announcementUnreadResult = z.object({ announcements: z.number().int().min(0) });

/** POST content/feedback — the help centre's form: 5-star rating and up to 140 characters. */
export const feedbackBody = z.object({
  rating: z.number().int().min(1).max(5),
  message: multiLineText(z.string().trim().min(1).max(140)),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

const translationInput = z.object({
  title: z.string().trim().min(1).max(200),
  summary: multiLineText(z.string().trim().max(500)).default(''),
  bodyHtml: multiLineText(z.string().min(1).max(100_000)),
});
/** Admin: an article with its texts; en-US is required, other locales fall back to it. */
export const articleWriteBody = z.object({
  kind: z.enum(ARTICLE_KINDS),
  topic: z.enum(HELP_TOPICS).optional(),
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
  pinned: z.boolean().default(false),
  publish: z.boolean().default(true),
  translations: z.object({
    'en-US': translationInput,
    'zh-HK': translationInput.optional(),
    'ar-AE': translationInput.optional(),
    'tr-TR': translationInput.optional(),
  }),
});
export type ArticleWriteBody = z.input<typeof articleWriteBody>;
export const articleStatusBody = z.object({ id: idString, status: z.enum(['published', 'archived']) });

/** GET content/about — who operates the service, its licences, support contacts (about page, help centre). */
export const operatorProfileResult = z.object({
  legalName: z.string(),
  registration: z.string(),
  address: z.string(),
  licences: z.array(
    z.object({ authority: z.string(), licence: z.string(), number: z.string(), jurisdiction: z.string() }),
  ),
  support: z.object({
    email: z.string(),
    hours: z.string(),
    groups: z.array(
      z.object({ channel: z.enum(['telegram', 'whatsapp', 'line', 'wechat']), name: z.string(), url: z.string() }),
    ),
  }),
});
export type OperatorProfileResult = z.infer<typeof operatorProfileResult>;
