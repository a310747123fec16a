import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindCouponBody,
  couponBatchesResult,
  couponListQuery,
  couponListResult,
  couponSchema,
  issueCouponsBody,
  issueCouponsResult,
  paginationQuerySchema,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { CouponsService } from './service.js';
import { seedDemoCoupons } from './seed.js';

/**
 * Coupons (issue 12): customers bind and list theirs (coupon/*), administrators issue batches
 * (admin/coupons/*). Redemption is not a route: the module charging a fee calls redeemCoupon()
 * from ./redeem.ts inside its own posting transaction (docs/api.md, "Coupons").
 */
const couponsModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const coupons = new CouponsService(app);
  const ok = <T>(request: FastifyRequest, data: T) => okEnvelope(request.locale, data);
  const user = { tags: ['coupons'], security: [{ accessToken: [] }] };
  const admin = { tags: ['admin'], security: [{ accessToken: [] }] };

  app.post(
    '/coupon/bind',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Bind a coupon code (coupon_not_found, coupon_expired, coupon_already_bound, coupon_bound_by_other)',
        body: bindCouponBody,
        response: { 200: envelope(couponSchema) },
      },
    },
    async (request) => ok(request, await coupons.bind(request.user!.userId, request.body.code)),
  );

  app.get(
    '/coupon/list',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary:
          'Your coupons in one state (available / used / expired, derived from the database clock), optionally for one fee (scope), 15 per page, with counts per state',
        querystring: couponListQuery,
        response: { 200: envelope(couponListResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await coupons.list(
          request.user!.userId,
          request.query.state,
          request.query.page,
          request.query.per_page,
          request.query.scope,
        ),
      ),
  );

  app.post(
    '/admin/coupons/issue',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary:
          'Issue a batch of coupon codes: scope (which fee), fixed or percentage discount (with a cap), validity, codes, binds per code',
        body: issueCouponsBody,
        response: { 200: envelope(issueCouponsResult) },
      },
    },
    async (request) => ok(request, await coupons.issue(request.admin!.adminId, request.body)),
  );

  app.post(
    '/admin/coupons/end',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: "End a batch's validity now (campaign withdrawn); its unused coupons show as expired",
        body: z.object({ batchId: z.string().min(1).max(32) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await coupons.endBatch(request.body.batchId);
      return ok(request, null);
    },
  );

  app.get(
    '/admin/coupons/batches',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: 'Issued batches with bound and used counts',
        querystring: paginationQuerySchema,
        response: { 200: envelope(couponBatchesResult) },
      },
    },
    async (request) => ok(request, await coupons.batches(request.query.page, request.query.per_page)),
  );

  if (app.config.sandbox) {
    app.demoSeeds.add({ name: 'coupons', run: ({ userId }) => seedDemoCoupons(app, coupons, userId) });
  }
};

export default couponsModule;
