import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReferralCampaignBody,
  referralCampaignResult,
  referralCashbacksQuery,
  referralCashbacksResult,
  referralFriendsQuery,
  referralFriendsResult,
  referralInviteResult,
  referralRankingResult,
  referralSummaryResult,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError } from '../../http/errors.js';
import { checkReferral } from './check.js';
import { ReferralConsumer } from './consumer.js';
import { registerReferralDemoSeed } from './seed.js';
import { ReferralService } from './service.js';

function userIdOf(request: FastifyRequest): string {
  if (!request.user) throw new BusinessError('unauthenticated');
  return request.user.userId;
}

/**
 * Referral programme (issue 13, docs/referral.md, docs/api.md "Referral"). Cashback is not paid by
 * any route: ReferralConsumer turns the card domain events into postings. The customer routes read
 * the caller's own programme only.
 */
const referralModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const config = app.config.referral;
  new ReferralConsumer(config, app.events).subscribeTo(app.events);
  const referral = new ReferralService(app.database.sql, config, () => app.clock.now());

  const user = { config: { auth: 'user' as const } };
  const tags = ['referral'];
  const security = [{ accessToken: [] }];

  app.get(
    '/referral/invite',
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Your invitation code and link (refereeId = your user id) and the programme rates',
        response: { 200: envelope(referralInviteResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await referral.invite(userIdOf(r))),
  );
  app.get(
    '/referral/summary',
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Cashback earned: totals per level and kind, this month against the cap, campaign bonuses',
        response: { 200: envelope(referralSummaryResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await referral.summary(userIdOf(r))),
  );
  app.get(
    '/referral/friends',
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Your level-1 or level-2 friends (masked), registration time, card count, recharge total; 15 per page',
        querystring: referralFriendsQuery,
        response: { 200: envelope(referralFriendsResult) },
      },
    },
    async (r) =>
      okEnvelope(r.locale, await referral.friends(userIdOf(r), r.query.level, r.query.page, r.query.per_page)),
  );
  app.get(
    '/referral/cashbacks',
    {
      ...user,
      schema: {
        tags,
        security,
        summary: 'Cashback records of one kind (open_card / recharge), optionally one level; 15 per page',
        querystring: referralCashbacksQuery,
        response: { 200: envelope(referralCashbacksResult) },
      },
    },
    async (r) =>
      okEnvelope(
        r.locale,
        await referral.cashbacks(userIdOf(r), r.query.kind, r.query.level, r.query.page, r.query.per_page),
      ),
  );
  app.get(
    '/referral/campaign',
    {
      ...user,
      schema: {
        tags,
        security,
        summary:
          'The invite campaign (running, else next, else last) with your progress and whether its bonus was paid',
        response: { 200: envelope(referralCampaignResult) },
      },
    },
    async (r) => okEnvelope(r.locale, { campaign: await referral.campaign(userIdOf(r)) }),
  );
  app.get(
    '/referral/ranking',
    {
      ...user,
      schema: {
        tags,
        security,
        summary: "This month's top inviters (masked) and your own rank",
        response: { 200: envelope(referralRankingResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await referral.ranking(userIdOf(r))),
  );

  const admin = { config: { auth: 'admin' as const } };
  app.post(
    '/admin/referral/campaigns',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Start an invite campaign: dates, goal (friends who register and open a card), bonus USD',
        body: createReferralCampaignBody,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (r) => okEnvelope(r.locale, await referral.createCampaign(r.body)),
  );
  app.get(
    '/admin/referral/check',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Verify the referral books against the ledger',
        response: { 200: envelope(z.object({ ok: z.boolean(), problems: z.array(z.string()) })) },
      },
    },
    async (r) => {
      const problems = await checkReferral(app.database.sql);
      return okEnvelope(r.locale, { ok: problems.length === 0, problems });
    },
  );

  if (app.config.sandbox) registerReferralDemoSeed(app, referral);
};

export default referralModule;
