import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { activeCard as activeCardOf, booksClean, customer, ensurePayPassword, PAY_PASSWORD } from './support';
import { assertion, enrolPasskey, proofCeremony } from '../support/passkey-authenticator';

/** Issue 23, part 1: 3-D Secure approved in the app, and per-card spending controls. */
for (const driver of testDrivers()) {
  describe(`3-D Secure and spending controls (${driver})`, { timeout: 120_000 }, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    const activeCard = () => activeCardOf(t);
    const purchase = (cardId: string, amount: string, extra: Record<string, unknown> = {}) =>
      t.post('dev/cards/purchase', { cardId, amount, merchant: 'Online Shop', ...extra });
    const online = (cardId: string, amount = '40', extra: Record<string, unknown> = {}) =>
      purchase(cardId, amount, { channel: 'online', risk: 'high', ...extra });
    const orders = async (token: string) => (await t.get('card/orders', {}, { token })).data.data;
    const balance = async (token: string, cardId: string) =>
      (await t.get('card/detail', { cardId }, { token })).data?.balance ??
      (await t.get('card/list', {}, { token })).data.find((c: { id: string }) => c.id === cardId).balance;
    const sweep = () => t.app.jobs.tick('cards.threeds-sweep');

    it('an online purchase at a risky merchant waits for the answer; approved with the transaction password it authorises once, marked "approved in the app"', async () => {
      const { u, cardId } = await activeCard();
      await ensurePayPassword(t, u.token);
      const res = await online(cardId, '40');
      expect(res.data).toMatchObject({ approved: false, declineReason: null, challengeId: expect.any(String) });
      // Nothing held yet: the merchant waits.
      expect(await orders(u.token)).toEqual([]);
      const pending = await t.get('card/threeDs/pending', {}, { token: u.token });
      expect(pending.data.data).toHaveLength(1);
      const ch = pending.data.data[0];
      expect(ch).toMatchObject({
        cardId,
        status: 'pending',
        amount: '40',
        currency: 'USD',
        billingAmount: '40.00',
        merchant: { name: 'Online Shop' },
        maskedNumber: expect.stringMatching(/^•••• \d{4}$/),
      });
      // The live stream and the message centre learn of it at once (domain event in the webhook's transaction).
      const [ev] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM domain_events WHERE user_id = $1::bigint AND type = 'cards.threeds_challenge'`,
        [u.userId],
      );
      expect(ev!.n).toBe(1);
      // Another customer cannot see or answer it.
      const other = await customer(t);
      expect((await t.get('card/threeDs', { id: ch.id }, { token: other.token })).code).toBe(404);
      expect((await t.post('card/threeDs/decline', { id: ch.id }, { token: other.token })).code).toBe(404);
      // A wrong transaction password does not approve.
      const wrong = await t.post('card/threeDs/approve', { id: ch.id, payPassword: '000000' }, { token: u.token });
      expect(wrong.code).not.toBe(200);
      expect((await t.get('card/threeDs', { id: ch.id }, { token: u.token })).data.status).toBe('pending');
      // No proof at all → validation.
      expect((await t.post('card/threeDs/approve', { id: ch.id }, { token: u.token })).code).toBe(422);

      const ok = await t.post('card/threeDs/approve', { id: ch.id, payPassword: PAY_PASSWORD }, { token: u.token });
      expect(ok.code, ok.msg).toBe(200);
      expect(ok.data.status).toBe('approved');
      const list = await orders(u.token);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: 'pre_authorization', threeDs: 'approved', authorizationAmount: '40.00' });
      // A double tap answers the same; a decline afterwards is refused; one order only.
      const again = await t.post('card/threeDs/approve', { id: ch.id, payPassword: PAY_PASSWORD }, { token: u.token });
      expect(again.data.status).toBe('approved');
      const late = await t.post('card/threeDs/decline', { id: ch.id }, { token: u.token });
      expect(late).toMatchObject({ code: 409, key: 'card_threeds_answered' });
      expect(await orders(u.token)).toHaveLength(1);
      expect((await t.get('card/threeDs/pending', {}, { token: u.token })).data.data).toEqual([]);
      await booksClean(t);
    });

    it('declined with one tap → "declined in the app" with a message; a small purchase at a normal merchant is not challenged', async () => {
      const { u, cardId } = await activeCard();
      const res = await online(cardId, '30');
      const dec = await t.post('card/threeDs/decline', { id: await idOf(u.token) }, { token: u.token });
      expect(dec.data.status).toBe('declined');
      expect(res.data.challengeId).toBeTruthy();
      const [o] = await orders(u.token);
      expect(o).toMatchObject({
        status: 'transaction_cancelled',
        declineReason: 'threeds_declined',
        threeDs: 'declined',
      });
      await t.app.events.drainAll();
      const messages = await t.get('notifications/messages', {}, { token: u.token, locale: 'tr-TR' });
      const titles = messages.data.data.map((m: { title: string }) => m.title);
      expect(titles).toContain('Bir ödemeyi uygulamada onaylayın');
      expect(messages.data.data.some((m: { body: string }) => m.body.includes('uygulamada reddettiniz'))).toBe(true);
      // Exemptions: below the product's 25 USD at a normal-risk merchant, or a low-risk one, or in a shop.
      expect((await purchase(cardId, '10', { channel: 'online' })).data).toMatchObject({
        approved: true,
        challengeId: null,
      });
      expect((await purchase(cardId, '30', { channel: 'online', risk: 'low' })).data.approved).toBe(true);
      expect((await purchase(cardId, '30', { channel: 'chip', risk: 'high' })).data.approved).toBe(true);
      expect((await purchase(cardId, '30', { channel: 'online' })).data.challengeId).toBeTruthy();
      await booksClean(t);
    });

    async function idOf(token: string): Promise<string> {
      const p = await t.get('card/threeDs/pending', {}, { token });
      return p.data.data[0].id;
    }

    it('5 minutes without an answer → timed out by the job, "Timed out" in the statement; an answer after it is refused', async () => {
      const { u, cardId } = await activeCard();
      await ensurePayPassword(t, u.token);
      await online(cardId, '55');
      const id = await idOf(u.token);
      t.clock.advance(299_000);
      await sweep();
      expect((await t.get('card/threeDs', { id }, { token: u.token })).data.status).toBe('pending');
      t.clock.advance(2_000);
      await sweep();
      expect((await t.get('card/threeDs', { id }, { token: u.token })).data.status).toBe('timed_out');
      const [o] = await orders(u.token);
      expect(o).toMatchObject({
        declineReason: 'threeds_timed_out',
        threeDs: 'timed_out',
        status: 'transaction_cancelled',
      });
      const late = await t.post('card/threeDs/approve', { id, payPassword: PAY_PASSWORD }, { token: u.token });
      expect(late).toMatchObject({ code: 409, key: 'card_threeds_expired' });
      expect(await orders(u.token)).toHaveLength(1);
      // Answered after the time but before the job ran: the answer itself times it out.
      await online(cardId, '60');
      const id2 = await idOf(u.token);
      t.clock.advance(301_000);
      const late2 = await t.post('card/threeDs/decline', { id: id2 }, { token: u.token });
      expect(late2).toMatchObject({ code: 409, key: 'card_threeds_expired' });
      expect((await t.get('card/threeDs', { id: id2 }, { token: u.token })).data.status).toBe('timed_out');
      expect((await orders(u.token)).filter((x: { threeDs: string }) => x.threeDs === 'timed_out')).toHaveLength(2);
      await booksClean(t);
    });

    it('50 concurrent answers (approve and decline from two tabs, retries, the timeout job) → exactly one outcome reaches the issuer', async () => {
      const { u, cardId } = await activeCard();
      await ensurePayPassword(t, u.token);
      await online(cardId, '45');
      const id = await idOf(u.token);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 10 === 9
            ? sweep().then(() => ({ code: 200, key: undefined as string | undefined, data: { status: 'job' } }))
            : i % 2 === 0
              ? t.post('card/threeDs/approve', { id, payPassword: PAY_PASSWORD }, { token: u.token })
              : t.post('card/threeDs/decline', { id }, { token: u.token }),
        ),
      );
      const final = (await t.get('card/threeDs', { id }, { token: u.token })).data.status;
      expect(['approved', 'declined']).toContain(final);
      // Every successful answer reports the outcome that won; the others were refused.
      for (const a of answers)
        if (a.code === 200 && a.data.status !== 'job') expect(a.data.status).toBe(final);
        else if (a.code !== 200) expect(['card_threeds_answered', 'paypass_locked']).toContain(a.key);
      const issuerTxns = await t.database.sql.query<{ status: string }>(
        `SELECT s.status FROM sandbox_issuer_transactions s JOIN sandbox_issuer_threeds c ON c.transaction_id = s.id
         JOIN card_threeds_challenges o ON o.issuer_challenge_id = c.id WHERE o.id = $1`,
        [id],
      );
      expect(issuerTxns).toHaveLength(1);
      expect(issuerTxns[0]!.status).toBe(final === 'approved' ? 'authorized' : 'declined');
      const list = await orders(u.token);
      expect(list).toHaveLength(1);
      expect(list[0].threeDs).toBe(final);
      const [n] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM card_threeds_challenges WHERE id = $1 AND issuer_notified_at IS NOT NULL`,
        [id],
      );
      expect(n!.n).toBe(1);
      await booksClean(t);
    });

    it("approved with a passkey (no transaction password set); another customer's passkey ceremony is refused", async () => {
      const { u, cardId } = await activeCard();
      const passkey = await enrolPasskey(t, u.token);
      await online(cardId, '33');
      const id = await idOf(u.token);
      const thief = await customer(t);
      const thiefKey = await enrolPasskey(t, thief.token);
      const theirs = await proofCeremony(t, thief.token);
      const refused = await t.post(
        'card/threeDs/approve',
        { id, passkey: { ceremonyId: theirs.ceremonyId, response: assertion(thiefKey, theirs.options.challenge) } },
        { token: u.token },
      );
      expect(refused.code).not.toBe(200);
      expect((await t.get('card/threeDs', { id }, { token: u.token })).data.status).toBe('pending');
      const o = await proofCeremony(t, u.token);
      const ok = await t.post(
        'card/threeDs/approve',
        { id, passkey: { ceremonyId: o.ceremonyId, response: assertion(passkey, o.options.challenge) } },
        { token: u.token },
      );
      expect(ok, JSON.stringify(ok)).toMatchObject({ code: 200, data: { status: 'approved' } });
      const [row] = await t.database.sql.query<{ via: string }>(
        `SELECT answered_via AS via FROM card_threeds_challenges WHERE id = $1`,
        [id],
      );
      expect(row!.via).toBe('passkey');
      expect((await orders(u.token))[0]).toMatchObject({ threeDs: 'approved', status: 'pre_authorization' });
    });

    it('a process killed between taking the answer and telling the issuer: the job tells it once, the purchase authorises once', async () => {
      const { u, cardId } = await activeCard();
      await online(cardId, '35');
      const id = await idOf(u.token);
      // What a crash right after the conditional UPDATE leaves: the answer recorded, the issuer not told.
      await t.database.sql.query(
        `UPDATE card_threeds_challenges SET status = 'approved', answered_at = now(), answered_via = 'pay_password' WHERE id = $1`,
        [id],
      );
      expect(await orders(u.token)).toEqual([]);
      await sweep();
      await sweep();
      const list = await orders(u.token);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ status: 'pre_authorization', threeDs: 'approved' });
      const [row] = await t.database.sql.query<{ notified: boolean }>(
        `SELECT issuer_notified_at IS NOT NULL AS notified FROM card_threeds_challenges WHERE id = $1`,
        [id],
      );
      expect(row!.notified).toBe(true);
      await booksClean(t);
    });

    it('every channel toggle declines the next authorisation with its reason and allows it again when switched back on', async () => {
      const { u, cardId } = await activeCard();
      const cases: [string, string, string][] = [
        ['online', 'online', 'blocked_online'],
        ['contactless', 'contactless', 'blocked_contactless'],
        ['atm', 'atm', 'blocked_atm'],
        ['magstripe', 'magstripe', 'blocked_magstripe'],
      ];
      for (const [toggle, channel, reason] of cases) {
        const off = await t.post('card/controls', { cardId, [toggle]: false }, { token: u.token });
        expect(off.code, off.msg).toBe(200);
        expect(off.data).toMatchObject({ [toggle]: false, appliedAtIssuer: true });
        const d = await purchase(cardId, '5', { channel, risk: 'low' });
        expect(d.data, toggle).toMatchObject({ approved: false, declineReason: reason });
        // The other channels still work.
        expect((await purchase(cardId, '1', { channel: 'chip' })).data.approved).toBe(true);
        await t.post('card/controls', { cardId, [toggle]: true }, { token: u.token });
        expect((await purchase(cardId, '5', { channel, risk: 'low' })).data.approved, toggle).toBe(true);
      }
      const declined = (await orders(u.token)).filter((o: { status: string }) => o.status === 'transaction_cancelled');
      expect(declined.map((o: { declineReason: string }) => o.declineReason).sort()).toEqual(
        cases.map((c) => c[2]).sort(),
      );
      await t.app.events.drainAll();
      const messages = await t.get('notifications/messages', { per_page: '50' }, { token: u.token, locale: 'zh-HK' });
      expect(messages.data.data.some((m: { body: string }) => m.body.includes('已關閉網上付款'))).toBe(true);
      // An online purchase blocked by the control never asks for 3-D Secure.
      await t.post('card/controls', { cardId, online: false }, { token: u.token });
      expect((await online(cardId, '40')).data).toMatchObject({
        approved: false,
        declineReason: 'blocked_online',
        challengeId: null,
      });
      // Another customer's card: not found.
      const other = await customer(t);
      expect((await t.post('card/controls', { cardId, online: true }, { token: other.token })).code).toBe(404);
      expect((await t.get('card/controls', { cardId }, { token: other.token })).code).toBe(404);
      await booksClean(t);
    });

    it('a blocked category declines; lifting it waits for the chosen cool-off (moved clock); blocking again is immediate', async () => {
      const { u, cardId } = await activeCard();
      const gamble = (amount = '5') => purchase(cardId, amount, { mcc: '7995', merchant: 'Lucky Casino' });
      expect((await gamble()).data.approved).toBe(true);
      const b = await t.post(
        'card/controls/block',
        { cardId, category: 'gambling', coolOffHours: 48 },
        { token: u.token },
      );
      expect(b.data.blocks).toEqual([
        expect.objectContaining({ category: 'gambling', coolOffHours: 48, liftsAt: null }),
      ]);
      expect((await gamble()).data).toMatchObject({ approved: false, declineReason: 'blocked_category' });
      // Other categories are not affected.
      expect((await purchase(cardId, '5', { mcc: '5411' })).data.approved).toBe(true);
      const lift = await t.post('card/controls/unblock', { cardId, category: 'gambling' }, { token: u.token });
      expect(lift.data.blocks[0].liftsAt).toBeTruthy();
      // Choosing a shorter cool-off while blocked does not shorten it.
      await t.post('card/controls/unblock', { cardId, category: 'gambling' }, { token: u.token });
      t.clock.advance(47 * 3600_000);
      expect((await gamble()).data.declineReason).toBe('blocked_category');
      t.clock.advance(2 * 3600_000);
      expect((await gamble()).data.approved).toBe(true);
      expect((await t.get('card/controls', { cardId }, { token: u.token })).data.blocks).toEqual([]);
      // Blocking again takes effect at once; a 0 h cool-off lifts at once.
      await t.post('card/controls/block', { cardId, category: 'crypto', coolOffHours: 0 }, { token: u.token });
      expect((await purchase(cardId, '5', { mcc: '6051' })).data.declineReason).toBe('blocked_category');
      await t.post('card/controls/unblock', { cardId, category: 'crypto' }, { token: u.token });
      expect((await purchase(cardId, '5', { mcc: '6051' })).data.approved).toBe(true);
      // Bad input: unknown category, a cool-off not offered.
      expect((await t.post('card/controls/block', { cardId, category: 'weapons' }, { token: u.token })).code).toBe(422);
      expect(
        (await t.post('card/controls/block', { cardId, category: 'adult', coolOffHours: 5 }, { token: u.token })).code,
      ).toBe(422);
      await booksClean(t);
    });

    it("a per-card monthly limit below the product's declines past it with its own reason; above the product's is refused", async () => {
      const { u, cardId } = await activeCard();
      const above = await t.post('card/controls', { cardId, monthlyLimit: '10000.01' }, { token: u.token });
      expect(above).toMatchObject({ code: 422, key: 'card_limit_above_product' });
      const set = await t.post('card/controls', { cardId, monthlyLimit: '30' }, { token: u.token });
      expect(set.data).toMatchObject({ monthlyLimit: '30.00', productMonthlyLimit: '10000.00' });
      expect((await purchase(cardId, '20')).data.approved).toBe(true);
      expect((await purchase(cardId, '10.01')).data).toMatchObject({
        approved: false,
        declineReason: 'card_limit_exceeded',
      });
      expect((await purchase(cardId, '10')).data.approved).toBe(true);
      await t.post('card/controls', { cardId, monthlyLimit: null }, { token: u.token });
      expect((await purchase(cardId, '10')).data.approved).toBe(true);
      expect(await balance(u.token, cardId)).toBeDefined();
      await booksClean(t);
    });
  });
}
