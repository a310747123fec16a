import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockCardCategoryBody,
  cardSpendingControls,
  cardSpendingControlsQuery,
  setCardSpendingControlsBody,
  threeDsApproveBody,
  threeDsChallenge,
  threeDsChallengeQuery,
  threeDsChallengesResult,
  threeDsDeclineBody,
  unblockCardCategoryBody,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { verifyPasskeyProof } from '../passkeys/index.js';
import type { PasskeyProofVerifier } from './model.js';
import type { SpendingControls } from './controls/spending-controls.js';
import type { ThreeDsChallenges } from './three-ds/challenges.js';
import { userOf } from '../../http/auth.js';

/**
 * Issue 23, part 1 over HTTP (docs/api.md "3-D Secure and spending controls"): the customer's
 * 3-D Secure challenges (approve with a fresh proof, decline with one tap) and a card's spending
 * controls. Every route needs a customer session and touches only the caller's cards and challenges.
 */
export function registerThreeDsAndSpendingControls(
  base: FastifyInstance,
  deps: { threeDs: ThreeDsChallenges; spending: SpendingControls },
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { threeDs, spending } = deps;
  const tags = ['cards'];
  const user = { config: { auth: 'user' as const } };

  app.get(
    '/card/threeDs/pending',
    {
      ...user,
      schema: {
        tags,
        summary: '3-D Secure challenges waiting for the customer’s answer (oldest first)',
        response: { 200: envelope(threeDsChallengesResult) },
      },
    },
    async (r, reply) => {
      reply.header('cache-control', 'no-store');
      return okEnvelope(r.locale, await threeDs.pending(userOf(r).userId));
    },
  );
  app.get(
    '/card/threeDs',
    {
      ...user,
      schema: {
        tags,
        summary: 'One 3-D Secure challenge (its state after the answer or the timeout)',
        querystring: threeDsChallengeQuery,
        response: { 200: envelope(threeDsChallenge) },
      },
    },
    async (r, reply) => {
      reply.header('cache-control', 'no-store');
      return okEnvelope(r.locale, await threeDs.get(userOf(r).userId, r.query.id));
    },
  );
  app.post(
    '/card/threeDs/approve',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Approve an online purchase (3-D Secure) with the transaction password or a passkey proof; the answer reaches the issuer exactly once',
        body: threeDsApproveBody,
        response: { 200: envelope(threeDsChallenge) },
      },
    },
    async (r) => {
      const proof = r.body.passkey ? { passkey: r.body.passkey } : { payPassword: r.body.payPassword ?? '' };
      const verifyPasskey: PasskeyProofVerifier = (userId, p) =>
        verifyPasskeyProof(base, Number(userId), p.response as never, p.ceremonyId, r);
      return okEnvelope(r.locale, await threeDs.approve(userOf(r).userId, r.body.id, proof, verifyPasskey));
    },
  );
  app.post(
    '/card/threeDs/decline',
    {
      ...user,
      schema: {
        tags,
        summary: 'Decline an online purchase (3-D Secure), one tap',
        body: threeDsDeclineBody,
        response: { 200: envelope(threeDsChallenge) },
      },
    },
    async (r) => okEnvelope(r.locale, await threeDs.decline(userOf(r).userId, r.body.id)),
  );

  app.get(
    '/card/controls',
    {
      ...user,
      schema: {
        tags,
        summary: 'A card’s spending controls: channel toggles, blocked categories, the customer’s monthly limit',
        querystring: cardSpendingControlsQuery,
        response: { 200: envelope(cardSpendingControls) },
      },
    },
    async (r) => okEnvelope(r.locale, await spending.get(userOf(r).userId, r.query.cardId)),
  );
  app.post(
    '/card/controls',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Switch online / contactless / ATM / magnetic-stripe use, set or clear the card’s own monthly limit (≤ the product’s); applies at the next authorisation',
        body: setCardSpendingControlsBody,
        response: { 200: envelope(cardSpendingControls) },
      },
    },
    async (r) => okEnvelope(r.locale, await spending.set(userOf(r).userId, r.body)),
  );
  app.post(
    '/card/controls/block',
    {
      ...user,
      schema: {
        tags,
        summary: 'Block a merchant category now, with the cool-off (hours) that lifting it will take',
        body: blockCardCategoryBody,
        response: { 200: envelope(cardSpendingControls) },
      },
    },
    async (r) => okEnvelope(r.locale, await spending.block(userOf(r).userId, r.body)),
  );
  app.post(
    '/card/controls/unblock',
    {
      ...user,
      schema: {
        tags,
        summary: 'Ask to lift a category block: it ends after the cool-off chosen when blocking',
        body: unblockCardCategoryBody,
        response: { 200: envelope(cardSpendingControls) },
      },
    },
    async (r) => okEnvelope(r.locale, await spending.unblock(userOf(r).userId, r.body)),
  );
}
