import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { browserSession } from '../../security/session-cookie.js';
import { z } from 'zod';
import {
  passkeyItem,
  passkeyListResult,
  passkeyLoginBody,
  passkeyOptionsResult,
  passkeyRegisterBody,
  passkeyRemoveBody,
  passkeyRenameBody,
  sessionResult,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { PasskeysService } from './service.js';
import { passkeyProofOptions } from './proof.js';

export { verifyPasskeyProof, passkeyProofOptions } from './proof.js';

/**
 * Passkeys (WebAuthn, issue 22): register after a password sign-in, sign in with a passkey
 * (discoverable credentials, browser autofill), list / rename / remove, and a proof ceremony for
 * step-up. Details in docs/api.md "Passkeys".
 */
const passkeysModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const passkeys = new PasskeysService(app);
  const ok = <T>(request: FastifyRequest, data: T) => okEnvelope(request.locale, data);
  const user = { tags: ['passkey'], security: [{ accessToken: [] }] };

  app.post(
    '/passkey/registerOptions',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary:
          'Start adding a passkey (session signed in within 10 minutes): creation options and a 5-minute single-use ceremonyId',
        response: { 200: envelope(passkeyOptionsResult) },
      },
    },
    async (request) => {
      const me = request.user!;
      return ok(request, await passkeys.registerOptions(me.id, me.sessionId, me.email ?? me.mobile ?? me.userId));
    },
  );

  app.post(
    '/passkey/register',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Finish adding a passkey with the browser’s attestation; the customer is notified',
        body: passkeyRegisterBody,
        response: { 200: envelope(passkeyItem) },
      },
    },
    async (request) =>
      ok(
        request,
        await passkeys.register(
          request,
          request.user!.id,
          request.body.ceremonyId,
          request.body.response as RegistrationResponseJSON,
          request.body.name,
        ),
      ),
  );

  app.post(
    '/passkey/loginOptions',
    {
      schema: {
        tags: ['passkey'],
        summary: 'Start a passkey sign-in (discoverable credential; also for browser autofill)',
        response: { 200: envelope(passkeyOptionsResult) },
      },
    },
    async (request) => ok(request, await passkeys.loginOptions(request)),
  );

  app.post(
    '/passkey/login',
    {
      schema: {
        tags: ['passkey'],
        summary: 'Sign in with a passkey assertion; answers a session like user/login',
        body: passkeyLoginBody,
        response: { 200: envelope(sessionResult) },
      },
    },
    async (request, reply) =>
      ok(
        request,
        browserSession(
          request,
          reply,
          await passkeys.login(request, request.body.ceremonyId, request.body.response as AuthenticationResponseJSON),
        ),
      ),
  );

  app.get(
    '/passkey/list',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'The customer’s passkeys, newest first',
        response: { 200: envelope(passkeyListResult) },
      },
    },
    async (request) => ok(request, await passkeys.list(request.user!.id)),
  );

  app.post(
    '/passkey/rename',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Rename one of the customer’s passkeys',
        body: passkeyRenameBody,
        response: { 200: envelope(passkeyItem) },
      },
    },
    async (request) => ok(request, await passkeys.rename(request.user!.id, request.body.id, request.body.name)),
  );

  app.post(
    '/passkey/remove',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Remove one of the customer’s passkeys; the customer is notified',
        body: passkeyRemoveBody,
        response: { 200: envelope(z.object({ removed: z.literal(true) })) },
      },
    },
    async (request) => ok(request, await passkeys.remove(request, request.user!.id, request.body.id)),
  );

  app.post(
    '/passkey/proofOptions',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Start a passkey proof (step-up) limited to the customer’s own passkeys',
        response: { 200: envelope(passkeyOptionsResult) },
      },
    },
    async (request) => ok(request, await passkeyProofOptions(app, request.user!.id)),
  );
};

export default passkeysModule;
