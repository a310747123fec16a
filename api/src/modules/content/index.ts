import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementUnreadResult,
  articleIdQuery,
  articleListQuery,
  articleListResult,
  articleSchema,
  articleStatusBody,
  articleWriteBody,
  feedbackBody,
  operatorProfileResult,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError } from '../../http/errors.js';
import { ContentService } from './service.js';
import { DEMO_CONTENT } from './demo-content.js';

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new BusinessError('unauthenticated');
  return request.user.userId;
}

/**
 * Announcements, news, help centre and the user agreement (docs/api.md "Content"): authored by
 * administrators per locale, read by everyone (announcements' read state per customer).
 */
const contentModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const content = new ContentService(app.database.sql);
  const tags = ['content'];
  const user = { auth: 'user' as const };

  if (app.config.sandbox) {
    // Published through the same service administrators use, in all four languages.
    app.demoSeeds.add({
      name: 'content',
      run: async () => {
        for (const article of DEMO_CONTENT)
          await content.write(null, { ...article, pinned: article.pinned ?? false, publish: true });
      },
    });
  }

  app.get(
    '/content/articles',
    {
      schema: {
        tags,
        summary: 'Published news, help articles or announcements (15 per page; help: by topic and search)',
        querystring: articleListQuery,
        response: { 200: envelope(articleListResult) },
      },
    },
    async (request) => okEnvelope(request.locale, await content.list(request.locale, request.query)),
  );
  app.get(
    '/content/article',
    {
      schema: {
        tags,
        summary: "One published article in the reader's language (sanitised HTML)",
        querystring: articleIdQuery,
        response: { 200: envelope(articleSchema) },
      },
    },
    async (request) => okEnvelope(request.locale, await content.get(request.locale, request.query.id)),
  );
  app.get(
    '/content/about',
    {
      schema: {
        tags,
        summary: 'Who operates the service, its licences and support contacts',
        response: { 200: envelope(operatorProfileResult) },
      },
    },
    async (request) => okEnvelope(request.locale, app.config.operator),
  );
  app.get(
    '/content/agreement',
    { schema: { tags, summary: 'The user agreement', response: { 200: envelope(articleSchema) } } },
    async (request) => okEnvelope(request.locale, await content.bySlug(request.locale, 'user-agreement')),
  );
  app.get(
    '/content/announcements',
    {
      config: user,
      schema: {
        tags,
        summary: "Announcements with the customer's read state",
        querystring: articleListQuery.omit({ kind: true, topic: true, q: true }),
        response: { 200: envelope(articleListResult) },
      },
    },
    async (request) =>
      okEnvelope(
        request.locale,
        await content.list(request.locale, { ...request.query, kind: 'announcement' }, userIdOf(request)),
      ),
  );
  app.get(
    '/content/announcement',
    {
      config: user,
      schema: {
        tags,
        summary: 'One announcement; opening it marks it read',
        querystring: articleIdQuery,
        response: { 200: envelope(articleSchema) },
      },
    },
    async (request) =>
      okEnvelope(request.locale, await content.openAnnouncement(request.locale, request.query.id, userIdOf(request))),
  );
  app.get(
    '/content/announcements/unreadCount',
    {
      config: user,
      schema: {
        tags,
        summary: 'Announcements the customer has not opened',
        response: { 200: envelope(announcementUnreadResult) },
      },
    },
    async (request) => okEnvelope(request.locale, await content.unreadAnnouncements(userIdOf(request))),
  );
  app.post(
    '/content/announcements/readAll',
    {
      config: user,
      schema: {
        tags,
        summary: 'Mark every announcement read',
        response: { 200: envelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => okEnvelope(request.locale, await content.readAllAnnouncements(userIdOf(request))),
  );
  app.post(
    '/content/feedback',
    {
      config: user,
      schema: {
        tags,
        summary: 'Help centre feedback: 1–5 stars and up to 140 characters',
        body: feedbackBody,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) =>
      okEnvelope(request.locale, await content.feedback(userIdOf(request), request.locale, request.body)),
  );

  // ---- Administrators ----------------------------------------------------------------------------
  app.post(
    '/admin/content/articles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Write an article with its texts per locale (en-US required; HTML sanitised)',
        body: articleWriteBody,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      if (!request.admin) throw new BusinessError('admin_only');
      return okEnvelope(request.locale, await content.write(request.admin.adminId, request.body));
    },
  );
  app.post(
    '/admin/content/articles/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish or archive an article',
        body: articleStatusBody,
        response: { 200: envelope(z.object({ ok: z.literal(true) })) },
      },
    },
    async (request) => {
      await content.setStatus(request.body.id, request.body.status);
      return okEnvelope(request.locale, { ok: true as const });
    },
  );
};

export default contentModule;
