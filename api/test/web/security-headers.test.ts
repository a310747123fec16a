import { describe, expect, it } from 'vitest';
import { WEBVIEW_ALLOWED_ORIGINS } from '../../../shell/src/pages/tools/webview-url';
import { cspDirectives, providerPagePolicy, WEBVIEW_FRAME_ORIGINS } from '../../src/web/security-headers';
import { parseCspReports } from '../../src/web/csp-reports';

describe('security headers', () => {
  it('frames exactly the origins the shell webview allows', () => {
    expect([...WEBVIEW_FRAME_ORIGINS].sort()).toEqual([...WEBVIEW_ALLOWED_ORIGINS].sort());
    expect(cspDirectives({ scriptOrigins: [] }).frameSrc).toEqual(["'self'", ...WEBVIEW_FRAME_ORIGINS]);
  });

  it('allows scripts only from our origin and the release CDN the registry names, never inline or eval', () => {
    const directives = cspDirectives({ scriptOrigins: ['https://cdn.example'] });
    expect(directives.scriptSrc).toEqual(["'self'", 'https://cdn.example']);
    expect(directives.scriptSrcAttr).toEqual(["'none'"]);
    expect(JSON.stringify(directives)).not.toContain('unsafe-eval');
    expect(directives.frameAncestors).toEqual(["'none'"]);
  });

  it('allows map tiles only from the configured tile server, as images (issue 27)', () => {
    const directives = cspDirectives({ scriptOrigins: [], mapTileOrigins: ['https://tiles.example'] });
    expect(directives.imgSrc).toContain('https://tiles.example');
    expect(directives.connectSrc).not.toContain('https://tiles.example');
    expect(cspDirectives({ scriptOrigins: [] }).imgSrc).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('a provider page policy allows its own inline script by hash only', () => {
    const policy = providerPagePolicy('<html><script>alert(1)</script></html>', []);
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(policy).toContain("frame-ancestors 'self'");
  });

  it('reads both CSP report formats', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(
      parseCspReports(
        {
          'csp-report': {
            'document-uri': 'http://x/',
            'effective-directive': 'script-src-elem',
            'blocked-uri': 'inline',
            'line-number': 3,
          },
        },
        now,
      ),
    ).toEqual([
      { documentUri: 'http://x/', directive: 'script-src-elem', blockedUri: 'inline', line: 3, at: now.toISOString() },
    ]);
    expect(
      parseCspReports(
        [
          {
            type: 'csp-violation',
            body: { documentURL: 'http://y/', effectiveDirective: 'img-src', blockedURL: 'http://evil/' },
          },
          { type: 'other' },
        ],
        now,
      ),
    ).toHaveLength(1);
    expect(parseCspReports('junk', now)).toEqual([]);
  });
});
