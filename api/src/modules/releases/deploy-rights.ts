import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAdminSession, tokenOf } from '../../http/auth.js';
import { BusinessError } from '../../http/errors.js';
import { resolveAppName, type FeatureAppInfo } from './apps.js';
import { releaseServiceOf } from './instance.js';

/** Who may act on one app's releases and rollouts, and how the audit log names them. */
export interface DeployRight {
  target: FeatureAppInfo;
  actor: string;
}

/**
 * The app named in the path, if the caller may act on it: a team's deploy token (`Authorization:
 * Bearer cwd_…`) for its own app only, or any administrator session for any app.
 */
export async function deployRightOf(app: FastifyInstance, request: FastifyRequest, name: string): Promise<DeployRight> {
  const token = tokenOf(request);
  if (!token) throw new BusinessError('unauthenticated');
  const target = resolveAppName(name);
  const deployToken = await releaseServiceOf(app).authenticateDeployToken(token);
  if (deployToken) {
    // A team's token is for its own app only: the card team's token cannot touch mf_wallet.
    if (!target || deployToken.app !== target.name) throw new BusinessError('forbidden');
    return { target, actor: `token:${deployToken.tokenId}:${deployToken.label}` };
  }
  const adminSession = await findAdminSession(app, token);
  if (!adminSession) throw new BusinessError('unauthenticated');
  if (!target) throw new BusinessError('not_found');
  return { target, actor: `admin:${adminSession.username}` };
}

/**
 * An onRequest hook that checks the deploy right before the body is read (nobody without a token for
 * this app can make the server parse a large upload), and the handler's way to read it back.
 */
export function deployRightHook(app: FastifyInstance) {
  const rights = new WeakMap<FastifyRequest, DeployRight>();
  return {
    onRequest: async (request: FastifyRequest) => {
      const { app: name } = request.params as { app?: string };
      rights.set(request, await deployRightOf(app, request, String(name ?? '')));
    },
    rightOf: (request: FastifyRequest): DeployRight => {
      const right = rights.get(request);
      if (!right) throw new BusinessError('unauthenticated');
      return right;
    },
  };
}
