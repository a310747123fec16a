import { describe, expect, it } from 'vitest';
import { safeRedirect } from './form-errors';

describe('safeRedirect', () => {
  it('keeps site pages with their query', () => {
    expect(safeRedirect('/pages/wallet/withdraw?currency=USDT')).toBe('/pages/wallet/withdraw?currency=USDT');
  });
  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\\\evil.example',
    'pages/card/index',
    '/pages/passport/login',
    '/api/user/info',
  ])('refuses %j', (value) => expect(safeRedirect(value)).toBeNull());
});
