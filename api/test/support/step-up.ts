import type { TestApp } from './harness';

/**
 * Step-up helpers for tests of the protected actions (issue 22): a grant through user/stepUp or a
 * user/verifyIdentity ticket, both proved with the login password of `createUser` ('Passw0rd!').
 */
export async function stepUpGrant(
  t: TestApp,
  token: string,
  purpose: 'paypass' | 'card_pin' | 'wechat_unbind',
  password = 'Passw0rd!',
): Promise<void> {
  const res = await t.post('user/stepUp', { purpose, proof: { kind: 'password', password } }, { token });
  if (res.code !== 200) throw new Error(`user/stepUp refused: ${res.key} ${res.msg}`);
}

export async function bindTicket(
  t: TestApp,
  token: string,
  channel: 'email' | 'mobile',
  password = 'Passw0rd!',
): Promise<string> {
  const res = await t.post('user/verifyIdentity', { channel, method: 'password', password }, { token });
  if (res.code !== 200) throw new Error(`user/verifyIdentity refused: ${res.key} ${res.msg}`);
  return res.data.ticket as string;
}
