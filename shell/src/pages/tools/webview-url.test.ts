import { describe, expect, it } from 'vitest';
import { resolveWebviewTarget } from './webview-url';

const own = 'http://127.0.0.1:8080';

describe('webview allowlist', () => {
  it('opens our own pages in the app and our own other paths in the frame', () => {
    expect(resolveWebviewTarget('/pages/about/help?x=1', own)).toEqual({
      kind: 'in-app',
      path: '/pages/about/help?x=1',
    });
    expect(resolveWebviewTarget(`${own}/pages/index/user_agreement`, own)).toEqual({
      kind: 'in-app',
      path: '/pages/index/user_agreement',
    });
    expect(resolveWebviewTarget('/api/docs', own)).toEqual({ kind: 'frame', url: `${own}/api/docs` });
  });
  it('frames allowlisted https origins only', () => {
    expect(resolveWebviewTarget('https://help.cardwallet.test/fees', own)).toEqual({
      kind: 'frame',
      url: 'https://help.cardwallet.test/fees',
    });
    for (const bad of [
      'http://help.cardwallet.test/fees',
      'https://evil.example/',
      'https://cardwallet.test.evil.example/',
      'https://user:pw@cardwallet.test/',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '',
      'http://[::1',
    ]) {
      expect(resolveWebviewTarget(bad, own).kind, bad).toBe('refused');
    }
  });
});
