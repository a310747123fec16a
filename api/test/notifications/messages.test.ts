import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { LOCALES, placeholdersOf, translationKeys } from '@cardwallet/shared';
import { MESSAGE_TEMPLATES, renderMessage } from '../../src/modules/notifications/templates';
import { messageOf } from '../../src/modules/notifications/service';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('message templates', () => {
  it('every locale has every template with the same placeholders', () => {
    const reference = MESSAGE_TEMPLATES['en-US'];
    for (const locale of LOCALES) {
      const catalogue = MESSAGE_TEMPLATES[locale];
      expect(translationKeys(catalogue as never).sort(), locale).toEqual(translationKeys(reference as never).sort());
      for (const [name, t] of Object.entries(reference)) {
        expect(placeholdersOf(catalogue[name]!.body), `${locale} ${name}`).toEqual(placeholdersOf(t.body));
        expect(placeholdersOf(catalogue[name]!.title), `${locale} ${name}`).toEqual(placeholdersOf(t.title));
      }
    }
  });

  it('formats decimal amounts exactly for the locale and keeps addresses left-to-right', () => {
    const en = renderMessage('en-US', 'wallet.deposit_credited', {
      amount: '1234567.123456789012345678',
      currency: 'USDT',
      network: 'TRC20',
    });
    expect(en.body).toBe(
      '\u20681,234,567.123456789012345678\u2069 \u2068USDT\u2069 (\u2068TRC20\u2069) has been credited to your wallet.',
    );
    const tr = renderMessage('tr-TR', 'wallet.deposit_credited', {
      amount: '1234.5',
      currency: 'USDT',
      network: 'TRC20',
    });
    expect(tr.body).toContain('1.234,5');
    const ar = renderMessage('ar-AE', 'wallet.withdrawal_sent', {
      amount: '20',
      currency: 'USDT',
      address: DEST_TRON,
      fee: '1',
    });
    expect(ar.body).toContain(`\u2068${DEST_TRON}\u2069`);
  });
});

describe('a withdrawal the chain refused for good', () => {
  const refused = (reason: string | null) =>
    messageOf({
      id: 'e1',
      type: 'wallet.withdrawal_rejected',
      userId: 'u1',
      aggregateId: 'w1',
      payload: { currency: 'USDT', network: 'TRC20', amount: '20', fee: '1', address: DEST_TRON, txHash: null, reason },
      occurredAt: new Date(0).toISOString(),
    })!;

  it("is told in the reader's language, never as the raw code", () => {
    const message = refused('broadcast_failed');
    expect(message.template).toBe('wallet.withdrawal_failed');
    for (const locale of LOCALES) {
      const text = renderMessage(locale, message.template, message.params);
      expect(text.body, locale).not.toContain('broadcast_failed');
      expect(text.body, locale).toContain('21');
    }
    expect(renderMessage('en-US', message.template, message.params).title).toBe('Withdrawal not sent');
  });

  it("an operator's reason is still quoted as written", () => {
    const message = refused('address under review');
    expect(message.template).toBe('wallet.withdrawal_rejected_reason');
    expect(renderMessage('en-US', message.template, message.params).body).toContain('address under review');
  });
});

describe('a sent withdrawal that failed on chain', () => {
  it('has its own translated message (sent, then failed): amount + fee back, never the raw code', () => {
    const message = messageOf({
      id: 'e2',
      type: 'wallet.withdrawal_failed',
      userId: 'u1',
      aggregateId: 'w2',
      payload: {
        currency: 'USDT',
        network: 'ERC20',
        amount: '40',
        fee: '5',
        address: DEST_TRON,
        txHash: '0xabc',
        reason: 'chain_reverted',
      },
      occurredAt: new Date(0).toISOString(),
    })!;
    expect(message).toMatchObject({
      category: 'wallet',
      template: 'wallet.withdrawal_reverted',
      params: { amount: '40', currency: 'USDT', total: '45' },
    });
    // Sent, then failed on the network: not told as a refusal before sending.
    expect(renderMessage('en-US', message.template, message.params).body).toContain(
      'was sent but failed on the network',
    );
    for (const locale of LOCALES) {
      const text = renderMessage(locale, message.template, message.params);
      expect(text.body, locale).not.toContain('chain_reverted');
      expect(text.body, locale).toContain('45');
    }
  });
});

describe.each(testDrivers())('message centre on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  async function customerWithActivity() {
    const u = await t.createUser({ kycLevel: 1 });
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    await t.post('dev/chain/deposit', {
      address: addr.data.address,
      currency: 'USDT',
      network: 'TRC20',
      amount: '100',
    });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
    await stepUpGrant(t, u.token, 'paypass');
    await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token });
    const admin = await t.createAdmin();
    const body = { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount: '20', payPassword: '135790' };
    const w = await t.post('wallet/withdraw', body, { token: u.token, headers: { 'idempotency-key': randomUUID() } });
    await t.post('admin/withdrawals/reject', { id: w.data.id, reason: 'address under review' }, { token: admin.token });
    return u;
  }

  it("each event becomes exactly one message, in the reader's language, newest first", async () => {
    const u = await customerWithActivity();
    expect((await t.get('notifications/unreadCount', {}, { token: u.token })).data).toEqual({ messages: 0 });
    await t.app.events.drain('notifications');
    await t.app.events.drain('notifications');
    const list = await t.get('notifications/messages', {}, { token: u.token, locale: 'en-US' });
    expect(list.data).toMatchObject({ total: 2, per_page: 15, current_page: 1 });
    expect(list.data.data.map((m: { title: string }) => m.title)).toEqual(['Withdrawal rejected', 'Deposit credited']);
    expect(list.data.data[0]).toMatchObject({ category: 'wallet', read: false, link: '/pages/wallet/cash-flow' });
    expect(list.data.data[0].body).toContain('address under review');
    expect(list.data.data[0].body).toContain('\u206821\u2069');
    const zh = await t.get('notifications/messages', {}, { token: u.token, locale: 'zh-HK' });
    expect(zh.data.data[1].title).toBe('充值已到賬');
    expect((await t.get('notifications/unreadCount', {}, { token: u.token })).data).toEqual({ messages: 2 });
  });

  it('opening marks read; mark-all-read clears the count; unread filter', async () => {
    const u = await customerWithActivity();
    await t.app.events.drain('notifications');
    const list = await t.get('notifications/messages', {}, { token: u.token });
    const [newest, oldest] = list.data.data;
    const opened = await t.get('notifications/message', { id: oldest.id }, { token: u.token });
    expect(opened.data).toMatchObject({ id: oldest.id, read: true, title: 'Deposit credited' });
    expect((await t.get('notifications/unreadCount', {}, { token: u.token })).data).toEqual({ messages: 1 });
    const unread = await t.get('notifications/messages', { unread: 'true' }, { token: u.token });
    expect(unread.data.data.map((m: { id: string }) => m.id)).toEqual([newest.id]);
    expect((await t.post('notifications/readAll', {}, { token: u.token })).data).toEqual({ updated: 1 });
    expect((await t.post('notifications/readAll', {}, { token: u.token })).data).toEqual({ updated: 0 });
    expect((await t.get('notifications/unreadCount', {}, { token: u.token })).data).toEqual({ messages: 0 });
  });

  it("another customer's message, or a missing one, does not exist or is not open", async () => {
    const owner = await customerWithActivity();
    await t.app.events.drain('notifications');
    const [mine] = (await t.get('notifications/messages', {}, { token: owner.token })).data.data;
    const stranger = await t.createUser();
    const res = await t.get('notifications/message', { id: mine.id }, { token: stranger.token, locale: 'en-US' });
    expect(res).toMatchObject({
      code: 404,
      key: 'message_not_found',
      msg: 'The message does not exist or is not open.',
    });
    expect((await t.post('notifications/read', { id: mine.id }, { token: stranger.token })).key).toBe(
      'message_not_found',
    );
    expect((await t.get('notifications/message', { id: '999999999' }, { token: owner.token })).key).toBe(
      'message_not_found',
    );
    expect((await t.get('notifications/messages', {}, { token: stranger.token })).data.total).toBe(0);
    // The stranger's read attempt changed nothing for the owner.
    expect((await t.get('notifications/unreadCount', {}, { token: owner.token })).data.messages).toBe(2);
    expect((await t.get('notifications/messages')).code).toBe(401);
  });
});
