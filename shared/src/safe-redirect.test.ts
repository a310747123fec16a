import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each(['/pages/wallet/recharge?currency=USDT', '/pages/card/apply?type=physical', '/pages/user/settings', '/'])(
    'keeps the app page %j with its query',
    (value) => expect(safeRedirectPath(value)).toBe(value),
  );
  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/pages\\..\\evil',
    '/pages//evil.example',
    'pages/card/index',
    '/pages/passport/login',
    '/pages/passport/register?x=1',
    '/api/user/info',
    '/offline/en-US',
    'javascript:alert(1)',
  ])('refuses %j', (value) => expect(safeRedirectPath(value)).toBeNull());
});
