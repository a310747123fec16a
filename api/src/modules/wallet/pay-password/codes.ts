import type { FastifyInstance } from 'fastify';
import { BusinessError } from '../../../http/errors.js';
import type { AuthUser } from '../../../http/types.js';
import type { SqlRunner } from '../../../db/index.js';
import { checkCode, codePepper, consumeCode } from '../../accounts/codes.js';

/**
 * Runs `effect` only if `code` is the live 'paypass' verification code of one of the user's own
 * bound accounts (e-mail or mobile; `account` picks one, default e-mail). The code is consumed in
 * the same transaction as the effect; a wrong code's counted attempt is committed, then refused.
 */
export async function withPaypassCode(
  app: FastifyInstance,
  user: AuthUser,
  code: string,
  account: string | undefined,
  effect: (tx: SqlRunner) => Promise<void>,
): Promise<void> {
  const own = [user.email, user.mobile].filter((a): a is string => !!a);
  const target = account
    ? own.find((a) => a === account.trim().toLowerCase() || a === account.replace(/[\s-]/g, ''))
    : own[0];
  if (!target) throw new BusinessError('code_invalid');
  const pepper = await codePepper(app.database.sql, app.database);
  const now = app.clock.now();
  const refusal = await app.database.sql.transaction(async (tx) => {
    const check = await checkCode(tx, pepper, target, 'paypass', code, now, app.config.limits);
    if (!check.ok) return check.key;
    await consumeCode(tx, check.codeId, now);
    await effect(tx);
    return null;
  });
  if (refusal) throw new BusinessError(refusal);
}
