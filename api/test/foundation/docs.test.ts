import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@cardwallet/shared';
import { REPO_ROOT } from '../../src/config';
import { defaultCodeOf } from '../../src/http/errors';

describe('docs/api.md', () => {
  const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8');
  it('lists every error key with its default code', () => {
    for (const key of ERROR_KEYS) expect(doc, key).toContain(`| \`${key}\` | ${defaultCodeOf(key)} |`);
  });
  it('names every accounts endpoint', () => {
    for (const p of [
      'user/sendCode',
      'user/cacheCodeCheck',
      'user/register',
      'user/login',
      'user/logout',
      'user/isLogin',
      'user/getRegisterData',
      'user/changePassword',
      'user/resetPassword',
      'user/sumbitBind',
      'user/info',
      'user/inviter',
      'user/adminLogin',
      'dev/outbox',
    ]) {
      expect(doc).toContain(p);
    }
  });
});
