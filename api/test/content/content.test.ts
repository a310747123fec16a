import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/modules/content/sanitize';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

describe('rich text sanitiser', () => {
  it('removes scripts, event handlers, styles, frames and javascript:/data: links; keeps safe links', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://e.com"></iframe>' +
        '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a><a href="//evil.com">d</a>' +
        '<a href="https://example.com/x">e</a><a href="/pages/about/help">f</a><a href="mailto:support@cardwallet.test">g</a></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|style=|iframe|img|javascript|data:|evil\.com/i);
    expect(out).toContain('<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">e</a>');
    expect(out).toContain('<a href="/pages/about/help">f</a>');
    expect(out).toContain('<a href="mailto:support@cardwallet.test">g</a>');
  });
});

describe.each(testDrivers())('content on %s', (driver) => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await t.createAdmin();
  }, 120_000);
  afterAll(async () => t?.close());

  const write = (body: unknown) => t.post('admin/content/articles', body, { token: admin.token });
  const en = (title: string, bodyHtml = `<p>${title}</p>`) => ({ title, summary: `${title} summary`, bodyHtml });

  it('only administrators write; en-US is required; help needs a topic', async () => {
    const customer = await t.createUser();
    expect(
      (
        await t.post(
          'admin/content/articles',
          { kind: 'news', translations: { 'en-US': en('x') } },
          { token: customer.token },
        )
      ).key,
    ).toBe('admin_only');
    expect((await t.post('admin/content/articles', { kind: 'news', translations: { 'en-US': en('x') } })).code).toBe(
      401,
    );
    expect((await write({ kind: 'news', translations: { 'zh-HK': en('x') } })).code).toBe(422);
    expect((await write({ kind: 'help', translations: { 'en-US': en('x') } })).code).toBe(422);
  });

  it('texts fall back to en-US per locale; stored HTML is sanitised', async () => {
    const created = await write({
      kind: 'news',
      translations: {
        'en-US': en('Fallback news', '<p>Body<script>alert(1)</script><a href="javascript:x()">x</a></p>'),
        'zh-HK': en('回退新聞'),
      },
    });
    expect(created.code).toBe(200);
    const zh = await t.get('content/article', { id: created.data.id }, { locale: 'zh-HK' });
    expect(zh.data).toMatchObject({ title: '回退新聞', locale: 'zh-HK', kind: 'news' });
    const tr = await t.get('content/article', { id: created.data.id }, { locale: 'tr-TR' });
    expect(tr.data).toMatchObject({ title: 'Fallback news', locale: 'en-US', bodyHtml: '<p>Body<a>x</a></p>' });
    const list = await t.get('content/articles', { kind: 'news' }, { locale: 'ar-AE' });
    expect(list.data.data.find((a: { id: string }) => a.id === created.data.id)).toMatchObject({
      title: 'Fallback news',
      locale: 'en-US',
    });
  });

  it('drafts and archived articles are not readable; publishing makes them so', async () => {
    const draft = await write({ kind: 'news', publish: false, translations: { 'en-US': en('Draft') } });
    expect((await t.get('content/article', { id: draft.data.id })).key).toBe('not_found');
    await t.post('admin/content/articles/status', { id: draft.data.id, status: 'published' }, { token: admin.token });
    expect((await t.get('content/article', { id: draft.data.id })).data.title).toBe('Draft');
    await t.post('admin/content/articles/status', { id: draft.data.id, status: 'archived' }, { token: admin.token });
    expect((await t.get('content/article', { id: draft.data.id })).key).toBe('not_found');
    expect(
      (await t.post('admin/content/articles/status', { id: '999999999', status: 'archived' }, { token: admin.token }))
        .key,
    ).toBe('not_found');
  });

  it('help: by topic and by search words (wildcards are plain text)', async () => {
    await write({
      kind: 'help',
      topic: 'card',
      translations: {
        'en-US': en('Card PIN reset', '<p>Use the card settings to change your PIN.</p>'),
        'tr-TR': en('Kart PIN sıfırlama'),
      },
    });
    await write({ kind: 'help', topic: 'wallet', translations: { 'en-US': en('Deposit delays 100%') } });
    const cards = await t.get('content/articles', { kind: 'help', topic: 'card' });
    expect(cards.data.data.map((a: { title: string }) => a.title)).toEqual(['Card PIN reset']);
    expect(
      (await t.get('content/articles', { kind: 'help', q: 'settings pin' })).data.data.map(
        (a: { title: string }) => a.title,
      ),
    ).toEqual(['Card PIN reset']);
    expect((await t.get('content/articles', { kind: 'help', q: 'sıfırlama' }, { locale: 'tr-TR' })).data.total).toBe(1);
    expect(
      (await t.get('content/articles', { kind: 'help', q: '100%' })).data.data.map((a: { title: string }) => a.title),
    ).toEqual(['Deposit delays 100%']);
    expect((await t.get('content/articles', { kind: 'help', q: '%' })).data.total).toBe(1);
    expect((await t.get('content/articles', { kind: 'help', q: 'nothing-like-this' })).data.total).toBe(0);
  });

  it('announcements: read state per customer, opening marks read, read-all, pinned first', async () => {
    const a1 = await write({ kind: 'announcement', translations: { 'en-US': en('Ann one') } });
    const a2 = await write({ kind: 'announcement', pinned: true, translations: { 'en-US': en('Ann pinned') } });
    const me = await t.createUser();
    const other = await t.createUser();
    const before = (await t.get('content/announcements/unreadCount', {}, { token: me.token })).data.announcements;
    expect(before).toBeGreaterThanOrEqual(2);
    const list = await t.get('content/announcements', {}, { token: me.token });
    expect(list.data.data[0]).toMatchObject({ id: a2.data.id, pinned: true, read: false });
    const opened = await t.get('content/announcement', { id: a1.data.id }, { token: me.token });
    expect(opened.data).toMatchObject({ title: 'Ann one', read: true });
    expect((await t.get('content/announcements/unreadCount', {}, { token: me.token })).data.announcements).toBe(
      before - 1,
    );
    expect((await t.get('content/announcements/unreadCount', {}, { token: other.token })).data.announcements).toBe(
      before,
    );
    expect((await t.post('content/announcements/readAll', {}, { token: me.token })).data.updated).toBe(before - 1);
    expect((await t.get('content/announcements/unreadCount', {}, { token: me.token })).data.announcements).toBe(0);
    // A news article is not an announcement.
    const news = await write({ kind: 'news', translations: { 'en-US': en('Not an announcement') } });
    expect((await t.get('content/announcement', { id: news.data.id }, { token: me.token })).key).toBe('not_found');
  });

  it('about: the operator profile of the deployment (sandbox default)', async () => {
    const about = await t.get('content/about');
    expect(about.data.licences.length).toBeGreaterThan(0);
    expect(about.data.support.groups.map((g: { channel: string }) => g.channel)).toEqual(['telegram', 'whatsapp']);
  });

  it('the agreement by its name; feedback: 1–5 stars and at most 140 characters', async () => {
    expect((await t.get('content/agreement')).key).toBe('not_found');
    await write({ kind: 'agreement', slug: 'user-agreement', translations: { 'en-US': en('User agreement') } });
    await write({ kind: 'agreement', slug: 'user-agreement', translations: { 'en-US': en('User agreement v2') } });
    expect((await t.get('content/agreement')).data.title).toBe('User agreement v2');
    const u = await t.createUser();
    expect((await t.post('content/feedback', { rating: 5, message: 'x'.repeat(140) }, { token: u.token })).code).toBe(
      200,
    );
    expect((await t.post('content/feedback', { rating: 5, message: 'x'.repeat(141) }, { token: u.token })).code).toBe(
      422,
    );
    expect((await t.post('content/feedback', { rating: 6, message: 'ok' }, { token: u.token })).code).toBe(422);
    expect((await t.post('content/feedback', { rating: 0, message: 'ok' }, { token: u.token })).code).toBe(422);
    expect((await t.post('content/feedback', { rating: 3, message: '   ' }, { token: u.token })).code).toBe(422);
    expect((await t.post('content/feedback', { rating: 3, message: 'ok' })).code).toBe(401);
  });
});

describe('OPERATOR_PROFILE_JSON', () => {
  it('is required outside sandbox mode and validated', async () => {
    const { loadConfig } = await import('../../src/config');
    const base = {
      APP_MODE: 'production',
      ADMIN_PASSWORD: 'a-long-admin-password',
      ADMIN_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      ALLOWED_HOSTS: 'wallet.example.com',
      SIGNING_SECRET: 'test-signing-secret-of-at-least-32-characters',
      TRUST_PROXY: '127.0.0.1',
    };
    expect(() => loadConfig(base)).toThrow(/OPERATOR_PROFILE_JSON.*is required outside sandbox mode/);
    expect(() => loadConfig({ ...base, OPERATOR_PROFILE_JSON: '{"legalName":1}' })).toThrow(
      /OPERATOR_PROFILE_JSON.*must be JSON/,
    );
    expect(() => loadConfig({ ...base, OPERATOR_PROFILE_JSON: 'not json' })).toThrow(/OPERATOR_PROFILE_JSON/);
    const profile = {
      legalName: 'Real Co Ltd',
      registration: 'No. 1',
      address: '1 Real Road',
      licences: [{ authority: 'FCA', licence: 'EMI', number: '900001', jurisdiction: 'GB' }],
      support: {
        email: 'help@real.example',
        hours: '9–17',
        groups: [{ channel: 'telegram', name: 'Real', url: 'https://t.me/real' }],
      },
    };
    expect(loadConfig({ ...base, OPERATOR_PROFILE_JSON: JSON.stringify(profile) }).operator.legalName).toBe(
      'Real Co Ltd',
    );
    expect(() =>
      loadConfig({
        ...base,
        OPERATOR_PROFILE_JSON: JSON.stringify({
          ...profile,
          support: { ...profile.support, groups: [{ channel: 'telegram', name: 'x', url: 'javascript:alert(1)' }] },
        }),
      }),
    ).toThrow(/OPERATOR_PROFILE_JSON/);
  });
});
