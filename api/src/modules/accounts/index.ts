import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginBody,
  adminSessionResult,
  bindBody,
  changePasswordBody,
  codeCheckBody,
  codeCheckResult,
  inviterQuery,
  inviterResult,
  isLoginResult,
  loginBody,
  registerBody,
  registerDataResult,
  resetPasswordBody,
  sendCodeBody,
  sendCodeResult,
  sessionResult,
  userProfile,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { credentialOf, findUserSession } from '../../http/auth.js';
import { browserSession, clearSessionCookie, fromAppClient } from '../../security/session-cookie.js';
import { AccountsService, registerData } from './service.js';
import { logoutOthers } from './rebind.js';
import { verifyIdentity } from './verify-identity.js';
import {
  logoutOthersResult,
  stepUpBody,
  stepUpResult,
  verifyIdentityBody,
  verifyIdentityResult,
} from '@cardwallet/shared/schemas';
import { installStepUp, stepUp } from './step-up.js';
import { registerWechatSignIn } from './wechat.js';
import { rememberDevice } from '../../security/device-cookie.js';

/** Accounts and sessions (issue 3): user/* customer endpoints, user/adminLogin and admin/session/*. */
const accountsModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const accounts = new AccountsService(app);
  installStepUp(app);
  const ok = <T>(request: FastifyRequest, data: T) => okEnvelope(request.locale, data);
  const user = { tags: ['user'], security: [{ accessToken: [] }] };

  app.post(
    '/user/sendCode',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a 6-digit verification code (register, reset_password; bind and paypass need a session)',
        body: sendCodeBody,
        response: { 200: envelope(sendCodeResult) },
      },
    },
    async (request) => {
      // Public route; bind/paypass codes need to know the caller, so a token is read when present.
      // A cookie counts only with the app client's header (the CSRF rule of http/auth.ts).
      const credential = credentialOf(request);
      if (credential && (!credential.viaCookie || fromAppClient(request)))
        request.user = await findUserSession(app, credential.token);
      return ok(request, await accounts.sendCode(request, request.body.account, request.body.purpose));
    },
  );

  app.post(
    '/user/cacheCodeCheck',
    {
      schema: {
        tags: ['user'],
        summary: 'Check a code; for reset_password it is consumed and a 10-minute single-use ticket returned',
        body: codeCheckBody,
        response: { 200: envelope(codeCheckResult) },
      },
    },
    async (request) =>
      ok(request, await accounts.codeCheck(request.body.account, request.body.purpose, request.body.code)),
  );

  app.post(
    '/user/register',
    {
      schema: {
        tags: ['user'],
        summary: 'Register with e-mail or mobile + code; answers a session like user/login',
        body: registerBody,
        response: { 200: envelope(sessionResult) },
      },
    },
    async (request, reply) =>
      ok(request, browserSession(request, reply, await accounts.register(request, request.body))),
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['user'],
        summary:
          'Log in with e-mail or mobile + password. From the app (X-Requested-With: XMLHttpRequest) the session is an HttpOnly cookie and the token in the answer is empty; other clients get the token (Bearer)',
        body: loginBody,
        response: { 200: envelope(sessionResult) },
      },
    },
    async (request, reply) => {
      const session = browserSession(
        request,
        reply,
        await accounts.login(request, request.body.account, request.body.password),
      );
      // After the session cookie: the session stays the first Set-Cookie of the answer.
      rememberDevice(
        request,
        reply,
        app.config.signingSecret,
        `user:${request.body.account}`,
        app.clock.now().getTime(),
      );
      return ok(request, session);
    },
  );

  app.post(
    '/user/logout',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Revoke the current session (and clear the browser session cookie)',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await accounts.logout(request.user!.sessionId);
      clearSessionCookie(request, reply);
      return ok(request, null);
    },
  );

  app.get(
    '/user/isLogin',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Code 200 while the session is valid, else 401',
        response: { 200: envelope(isLoginResult) },
      },
    },
    async (request) => ok(request, { loggedIn: true as const, userId: request.user!.userId }),
  );

  app.get(
    '/user/getRegisterData',
    {
      schema: {
        tags: ['user'],
        summary: 'Countries with dial codes (names in the request locale), default country, agreement version, limits',
        response: { 200: envelope(registerDataResult) },
      },
    },
    async (request) => ok(request, registerData(request.locale, app.config.limits.codeResendSeconds)),
  );

  app.post(
    '/user/changePassword',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Change the password; other sessions are revoked',
        body: changePasswordBody,
        response: { 200: envelope(z.object({ revokedSessions: z.number().int() })) },
      },
    },
    async (request) =>
      ok(request, await accounts.changePassword(request, request.body.oldPassword, request.body.password)),
  );

  app.post(
    '/user/resetPassword',
    {
      schema: {
        tags: ['user'],
        summary: 'Set a new password with the ticket of user/cacheCodeCheck (reset_password); all sessions are revoked',
        body: resetPasswordBody,
        response: { 200: envelope(z.object({ revokedSessions: z.number().int() })) },
      },
    },
    async (request) =>
      ok(request, await accounts.resetPassword(request.body.ticket, request.body.password, request.locale)),
  );

  app.post(
    '/user/sumbitBind',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary:
          'Bind an e-mail or mobile verified by a bind code; needs the ticket of user/verifyIdentity (the first binding too), and the channels bound before are notified',
        body: bindBody,
        response: { 200: envelope(userProfile) },
      },
    },
    async (request) =>
      ok(
        request,
        await accounts.bind(request, request.body.type, request.body.account, request.body.code, request.body.ticket),
      ),
  );

  // ---- member centre (issue 12): re-authentication before a binding changes, log out elsewhere
  app.post(
    '/user/verifyIdentity',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary:
          "Prove it is you before binding or replacing an e-mail/mobile: a 'rebind' code sent to the current binding of that channel (for a first binding: to the other channel), the login password, or a passkey (passkey/proofOptions ceremony); answers a 10-minute single-use ticket",
        body: verifyIdentityBody,
        response: { 200: envelope(verifyIdentityResult) },
      },
    },
    async (request) => ok(request, await verifyIdentity(app, accounts, request, request.body)),
  );
  // ---- step-up before takeover paths (issue 22)
  app.post(
    '/user/stepUp',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary:
          "Prove it is you before setting/changing the transaction password ('paypass') or a card PIN ('card_pin'): login password, transaction password (card_pin only) or a 'rebind' code sent to a bound channel (for paypass bound 24 h or more); records a single-use 5-minute grant",
        body: stepUpBody,
        response: { 200: envelope(stepUpResult) },
      },
    },
    async (request) => ok(request, await stepUp(app, accounts, request, request.body)),
  );
  app.post(
    '/user/logoutOthers',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Log out of every other session (this one stays)',
        response: { 200: envelope(logoutOthersResult) },
      },
    },
    async (request) => ok(request, await logoutOthers(app, request)),
  );

  app.get(
    '/user/info',
    {
      config: { auth: 'user' },
      schema: { ...user, summary: 'Profile of the signed-in customer', response: { 200: envelope(userProfile) } },
    },
    async (request) => ok(request, await accounts.profile(request.user!.id)),
  );

  app.get(
    '/user/inviter',
    {
      schema: {
        tags: ['user'],
        summary: 'Who invited you: a display name only (rate-limited per IP), by refereeId',
        querystring: inviterQuery,
        response: { 200: envelope(inviterResult) },
      },
    },
    async (request) => ok(request, await accounts.inviter(request, request.query.refereeId)),
  );

  app.post(
    '/user/adminLogin',
    {
      schema: {
        tags: ['admin'],
        summary: 'Administrator login; the token works only on /api/admin/* endpoints',
        body: adminLoginBody,
        response: { 200: envelope(adminSessionResult) },
      },
    },
    async (request, reply) => {
      const session = await accounts.adminLogin(
        request,
        request.body.username,
        request.body.password,
        request.body.otp,
      );
      rememberDevice(
        request,
        reply,
        app.config.signingSecret,
        `admin:${request.body.username.toLowerCase()}`,
        app.clock.now().getTime(),
      );
      return ok(request, session);
    },
  );

  // ---- WeChat sign-in (issue 27, docs/wechat.md)
  await registerWechatSignIn(app, accounts);

  const admin = { tags: ['admin'], security: [{ accessToken: [] }] };
  app.get(
    '/admin/session/me',
    {
      schema: {
        ...admin,
        summary: 'The signed-in administrator',
        response: { 200: envelope(z.object({ adminId: z.string(), username: z.string() })) },
      },
    },
    async (request) => ok(request, { adminId: request.admin!.adminId, username: request.admin!.username }),
  );
  app.post(
    '/admin/session/logout',
    { schema: { ...admin, summary: 'Revoke the admin session', response: { 200: envelope(z.null()) } } },
    async (request) => {
      await accounts.adminLogout(request.admin!.sessionId);
      return ok(request, null);
    },
  );
};

export default accountsModule;
