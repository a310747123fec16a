import './zod-config';
import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from './pagination';

/** A message of the message centre, rendered in the reader's language. */
export const notificationMessageSchema = z.object({
  id: z.string(),
  category: z.enum(['wallet', 'card', 'kyc', 'referral', 'account', 'system']),
  title: z.string(),
  body: z.string(),
  /** In-app page the message opens, e.g. /pages/wallet/cash-flow. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const notificationListQuery = paginationQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export const notificationListResult = paginatedSchema(notificationMessageSchema);
export const notificationIdQuery = z.object({ id: z.string().regex(/^\d{1,18}$/, 'errors.message_not_found') });
export const notificationIdBody = notificationIdQuery;
export const unreadCountResult = z.object({ messages: z.number().int().min(0) });
export const readAllResult = z.object({ updated: z.number().int().min(0) });
