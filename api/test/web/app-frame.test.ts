import { describe, expect, it } from 'vitest';
import { frameHtml, frameLocale, tabOf, directionOf } from '../../src/web/app-frame.js';

const texts = {
  appName: 'CardWallet',
  tabs: { home: 'الرئيسية', card: 'البطاقة', wallet: 'المحفظة', user: '<b>x</b>' },
};

describe('the app frame painted by the HTML', () => {
  it('speaks the stored choice first, then the browser’s language; Arabic right to left', () => {
    expect(frameLocale('ar-AE', 'en-US,en;q=0.9')).toBe('ar-AE');
    expect(frameLocale('xx-XX', 'tr-TR,tr;q=0.9')).toBe('tr-TR');
    expect(frameLocale(undefined, 'zh-HK')).toBe('zh-HK');
    expect(frameLocale(undefined, undefined)).toBe('en-US');
    expect(directionOf('ar-AE')).toBe('rtl');
    expect(directionOf('zh-HK')).toBe('ltr');
  });

  it('has the tab bar on the four tab pages (and /) with the current tab marked, none elsewhere; texts escaped', () => {
    expect(tabOf('/')).toBe('home');
    expect(tabOf('/pages/wallet/index/')).toBe('wallet');
    expect(tabOf('/pages/wallet/transfer')).toBeUndefined();
    const wallet = frameHtml('/pages/wallet/index', texts);
    expect(wallet).toContain('<span class="cwf-tab cwf-on"><i></i>المحفظة</span>');
    expect(wallet).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(wallet).not.toContain('<b>');
    expect(frameHtml('/pages/wallet/transfer', texts)).not.toContain('cwf-tabs');
    // Decorative: hidden from assistive technology (React's real frame replaces it).
    expect(wallet.match(/aria-hidden="true"/g)).toHaveLength(2);
  });
});
