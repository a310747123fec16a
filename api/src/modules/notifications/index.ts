import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationIdBody,
  notificationIdQuery,
  notificationListQuery,
  notificationListResult,
  notificationMessageSchema,
  readAllResult,
  unreadCountResult,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError } from '../../http/errors.js';
import { MESSAGE_EVENT_TYPES, NotificationService } from './service.js';
import { LiveStreams } from './live-stream.js';

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new BusinessError('unauthenticated');
  return request.user.userId;
}

/**
 * The message centre's messages (docs/api.md "Notifications"): made from domain events by the
 * `notifications` consumer, read by their owner only.
 */
const notificationsModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = new NotificationService(app.database.sql);
  const live = new LiveStreams(app);
  app.events.subscribe('notifications', [...MESSAGE_EVENT_TYPES], (tx, event) => service.fromEvent(tx, event));

  // The demo customer's messages come from the events its other seeds produced (wallet, cards …).
  if (app.config.sandbox) {
    app.demoSeeds.add({
      name: 'notifications',
      after: ['wallet', 'cards', 'kyc', 'coupons'],
      run: async () => void (await app.events.drain('notifications', 1000)),
    });
  }

  const tags = ['notifications'];
  const config = { auth: 'user' as const };

  app.get(
    '/notifications/messages',
    {
      config,
      schema: {
        tags,
        summary: 'Messages, newest first (15 per page)',
        querystring: notificationListQuery,
        response: { 200: envelope(notificationListResult) },
      },
    },
    async (request) => okEnvelope(request.locale, await service.list(userIdOf(request), request.locale, request.query)),
  );
  app.get(
    '/notifications/unreadCount',
    {
      config,
      schema: { tags, summary: 'Unread messages (the message badge)', response: { 200: envelope(unreadCountResult) } },
    },
    async (request) => okEnvelope(request.locale, await service.unreadCount(userIdOf(request))),
  );
  app.get(
    '/notifications/message',
    {
      config,
      schema: {
        tags,
        summary: 'One message; opening it marks it read',
        querystring: notificationIdQuery,
        response: { 200: envelope(notificationMessageSchema) },
      },
    },
    async (request) =>
      okEnvelope(request.locale, await service.open(userIdOf(request), request.locale, request.query.id)),
  );
  app.post(
    '/notifications/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one message read',
        body: notificationIdBody,
        response: { 200: envelope(z.object({ ok: z.literal(true) })) },
      },
    },
    async (request) => {
      await service.markRead(userIdOf(request), request.body.id);
      return okEnvelope(request.locale, { ok: true as const });
    },
  );
  app.post(
    '/notifications/readAll',
    { config, schema: { tags, summary: 'Mark every message read', response: { 200: envelope(readAllResult) } } },
    async (request) => okEnvelope(request.locale, await service.markAllRead(userIdOf(request))),
  );

  // ---- Live updates (server-sent events) ---------------------------------------------------------
  app.post(
    '/notifications/streamTicket',
    {
      config,
      schema: {
        tags,
        summary: 'A single-use ticket (60 s) to open the live stream with',
        response: { 200: envelope(z.object({ ticket: z.string(), expiresInSeconds: z.number().int() })) },
      },
    },
    async (request) => {
      if (!request.user) throw new BusinessError('unauthenticated');
      return okEnvelope(request.locale, await live.issueTicket(request.user.userId, request.user.sessionId));
    },
  );
  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary: 'Server-sent events: `event: domain` with { id, type } for each committed event of the customer',
        querystring: z.object({ ticket: z.string().min(20).max(100) }),
      },
    },
    async (request, reply) => live.serve(request, reply, request.query.ticket),
  );
};

export default notificationsModule;
