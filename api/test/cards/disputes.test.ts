import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { SANDBOX_WEBHOOK_SECRET, signWebhook } from '../../src/providers/card-issuer/webhook';
import { files, multipart, png } from '../kyc/support';
import { activeCard as activeCardOf, booksClean, fundCard, key } from './support';

for (const driver of testDrivers()) {
  describe(`card disputes (${driver})`, { timeout: 120_000 }, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, { SANDBOX_CARD_WEBHOOK_RETRY_MS: '200' });
    });
    afterAll(async () => t?.close());

    /** A card with one completed purchase of `amount` USD; answers the order id. */
    async function completedPurchase(amount = '20.00') {
      const card = await activeCardOf(t, 'virtual-visa-standard', '300', '100');
      const buy = await t.post('dev/cards/purchase', { cardId: card.cardId, amount, merchant: 'Gadget Shop' });
      expect(buy.code, buy.msg).toBe(200);
      expect(
        (await t.post('dev/cards/transaction', { transactionId: buy.data.transactionId, action: 'clear' })).code,
      ).toBe(200);
      const orders = (await t.get('card/orders', { cardId: card.cardId }, { token: card.u.token })).data.data as Array<{
        id: string;
        status: string;
        type: string;
      }>;
      const order = orders.find((o) => o.type === 'purchase' && o.status === 'completed')!;
      return { ...card, orderId: order.id, issuerTxnId: buy.data.transactionId as string };
    }
    const file = (token: string, body: Record<string, unknown>, k = key()) =>
      t.post('card/dispute/create', body, { token, headers: { 'idempotency-key': k } });
    const advance = (disputeId?: string) => t.post('dev/cards/disputes/advance', disputeId ? { disputeId } : {});
    const detail = async (token: string, id: string) => (await t.get('card/dispute/detail', { id }, { token })).data;
    const balance = async (token: string, cardId: string) =>
      (await t.get('card/detail', { cardId }, { token })).data.balance as string;

    it('won: submitted → under review → provisional credit (posted to the card) → won; the credit stays; books clean; free', async () => {
      const c = await completedPurchase('20.00');
      const before = await balance(c.u.token, c.cardId);
      const res = await file(c.u.token, { orderId: c.orderId, reason: 'not_received', description: 'Never arrived' });
      expect(res.code, res.msg).toBe(200);
      expect(res.data).toMatchObject({ status: 'submitted', amount: '20.00', fee: '0.00', reason: 'not_received' });
      const id = res.data.id as string;
      expect(await balance(c.u.token, c.cardId)).toBe(before);

      await t.post('dev/cards/disputes/outcome', { outcome: 'won' });
      expect((await advance(id)).data.advanced).toBe(1);
      expect((await detail(c.u.token, id)).status).toBe('under_review');
      await advance(id);
      const credited = await detail(c.u.token, id);
      expect(credited.status).toBe('provisional_credit');
      expect(credited.credited).toBe('20.00');
      expect(Number(await balance(c.u.token, c.cardId))).toBeCloseTo(Number(before) + 20, 6);
      await advance(id);
      const won = await detail(c.u.token, id);
      expect(won.status).toBe('won');
      expect(won.timeline.map((e: { status: string }) => e.status)).toEqual([
        'submitted',
        'under_review',
        'provisional_credit',
        'won',
      ]);
      expect(Number(await balance(c.u.token, c.cardId))).toBeCloseTo(Number(before) + 20, 6);
      // Nothing moves a closed case.
      expect((await advance(id)).data.advanced).toBe(0);
      const list = (await t.get('card/dispute/list', { cardId: c.cardId }, { token: c.u.token })).data;
      expect(list.total).toBe(1);
      // The statement line carries its dispute's id and state (the badge and link in mf-card).
      const lines = (await t.get('card/orders', { cardId: c.cardId }, { token: c.u.token })).data.data as Array<{
        id: string;
        dispute: unknown;
      }>;
      expect(lines.find((o) => o.id === c.orderId)!.dispute).toEqual({ id, status: 'won' });
      expect(lines.filter((o) => o.id !== c.orderId).every((o) => o.dispute === null)).toBe(true);
      await booksClean(t);
    });

    it('lost: the provisional credit is reversed exactly once with the reason, whatever replays and races of the webhooks', async () => {
      const c = await completedPurchase('30.00');
      const before = await balance(c.u.token, c.cardId);
      const id = (await file(c.u.token, { orderId: c.orderId, reason: 'wrong_amount' })).data.id as string;
      await advance(id);
      await advance(id);
      await t.post('dev/cards/disputes/outcome', { outcome: 'lost', reason: 'Merchant proved the amount' });
      // Two desks deciding at once (advance twice concurrently): one step only.
      const both = await Promise.all([advance(id), advance(id)]);
      expect(both.map((r) => r.data.advanced).reduce((a: number, b: number) => a + b, 0)).toBe(1);
      await t.post('dev/cards/disputes/outcome', { outcome: 'won' });
      const lost = await detail(c.u.token, id);
      expect(lost).toMatchObject({
        status: 'lost',
        credited: '30.00',
        reversed: '30.00',
        outcomeReason: 'Merchant proved the amount',
      });
      expect(await balance(c.u.token, c.cardId)).toBe(before);

      // Every event the issuer sent, replayed 10 times concurrently: duplicates, nothing posted again.
      const [{ n: postingsBefore }] = (await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_postings WHERE ref LIKE $1`,
        [`card_dispute:${id}:%`],
      )) as [{ n: number }];
      expect(postingsBefore).toBe(2);
      const desk = await t.database.sql.query<{ body: string }>(
        `SELECT body FROM sandbox_issuer_dispute_webhooks WHERE (body::jsonb -> 'dispute' ->> 'reference') = $1`,
        [id],
      );
      expect(desk.length).toBe(3); // under review, provisional credit, lost (submitted is ours)
      const replays = await Promise.all(desk.flatMap((row) => Array.from({ length: 10 }, () => send(row.body))));
      expect(replays.every((r) => r.code === 200 && r.data.duplicate === true)).toBe(true);
      // The same states under NEW event ids (an issuer resending with fresh ids): superseded, nothing posted.
      const fresh = await Promise.all(
        desk.map((row) => send(JSON.stringify({ ...JSON.parse(row.body), id: `evt_${randomUUID()}` }))),
      );
      expect(fresh.map((r) => r.data.outcome)).toEqual(['superseded', 'superseded', 'superseded']);
      const [{ n: postingsAfter }] = (await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_postings WHERE ref LIKE $1`,
        [`card_dispute:${id}:%`],
      )) as [{ n: number }];
      expect(postingsAfter).toBe(2);
      expect(await balance(c.u.token, c.cardId)).toBe(before);
      expect((await detail(c.u.token, id)).timeline).toHaveLength(4);
      await booksClean(t);
    });

    function send(raw: string, opts: { secret?: string; ts?: number; signature?: string | null } = {}) {
      const ts = opts.ts ?? Math.floor(t.clock.now().getTime() / 1000);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-issuer-timestamp': String(ts) };
      if (opts.signature !== null)
        headers['x-issuer-signature'] = opts.signature ?? signWebhook(opts.secret ?? SANDBOX_WEBHOOK_SECRET, raw, ts);
      return t.inject({ method: 'POST', url: '/api/card/dispute/webhook', payload: raw, headers }).then((r) => ({
        status: r.statusCode,
        ...(JSON.parse(r.body) as { code: number; data: { duplicate: boolean; outcome: string } }),
      }));
    }

    it('lost after the credit was spent: the card gives back what it holds, the rest is owed and recovered exactly once from the next top-ups; books clean', async () => {
      const c = await completedPurchase('40.00');
      const id = (await file(c.u.token, { orderId: c.orderId, reason: 'duplicate' })).data.id as string;
      await advance(id);
      await advance(id);
      // The customer spends the credit: only 5 USD is left on the card.
      const left = await balance(c.u.token, c.cardId);
      const spend = (Number(left) - 5).toFixed(2);
      const buy = await t.post('dev/cards/purchase', { cardId: c.cardId, amount: spend, merchant: 'Spender' });
      expect(buy.data.approved).toBe(true);
      await t.post('dev/cards/transaction', { transactionId: buy.data.transactionId, action: 'clear' });
      await t.post('dev/cards/disputes/outcome', { outcome: 'lost' });
      await advance(id);
      await t.post('dev/cards/disputes/outcome', { outcome: 'won' });
      const lost = await detail(c.u.token, id);
      expect(lost).toMatchObject({
        status: 'lost',
        credited: '40.00',
        reversed: '5.00',
        shortfall: '35.00',
        recovered: '0.00',
      });
      expect(await balance(c.u.token, c.cardId)).toBe('0.00');
      const receivable = async () =>
        (
          await t.database.sql.query<{ b: string }>(
            `SELECT coalesce((SELECT balance FROM ledger_accounts WHERE key = 'system:card_receivables:USD'), 0)::text AS b`,
          )
        )[0]!.b;
      const owedBefore = Number(await receivable());
      await booksClean(t);
      // The message says what is still owed and where it will come from.
      const [msg] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM domain_events WHERE type = 'cards.dispute_shortfall' AND aggregate_id = $1`,
        [id],
      );
      expect(msg!.n).toBe(1);

      // A top-up of 20: the whole 20 pays the debt (20 collected, 15 still owed, the card stays at 0).
      const top = await c.c.topUp(c.cardId, '20');
      expect(top.code, top.msg).toBe(200);
      expect(await balance(c.u.token, c.cardId)).toBe('0.00');
      expect(await detail(c.u.token, id)).toMatchObject({ shortfall: '35.00', recovered: '20.00' });
      expect(Number(await receivable())).toBeCloseTo(owedBefore + 20, 6);
      await booksClean(t);

      // 20 concurrent top-ups of 10: each asks for the debt right after it lands; the remaining 15
      // is recovered once (10 from the first, 5 from the next), never more.
      await fundCard(t, c.u.token, '300');
      const tops = await Promise.all(Array.from({ length: 20 }, () => c.c.topUp(c.cardId, '10')));
      expect(tops.every((r) => r.code === 200)).toBe(true);
      expect(await detail(c.u.token, id)).toMatchObject({ shortfall: '35.00', recovered: '35.00' });
      expect(await balance(c.u.token, c.cardId)).toBe('185.00');
      expect(Number(await receivable())).toBeCloseTo(owedBefore + 35, 6);
      const ops = await t.database.sql.query<{ amount: string }>(
        `SELECT amount::text AS amount FROM card_operations WHERE dispute_id = $1 AND status = 'completed' ORDER BY created_at`,
        [id],
      );
      expect(ops.map((o) => Number(o.amount)).reduce((a, b) => a + b, 0)).toBe(35);
      expect(ops[0]!.amount).toMatch(/^20(\.0+)?$/);
      // Nothing more is owed: later top-ups land whole.
      expect((await c.c.topUp(c.cardId, '20')).code).toBe(200);
      expect(await balance(c.u.token, c.cardId)).toBe('205.00');
      await booksClean(t);
    });

    it('forged, unsigned, stale and foreign webhooks change nothing', async () => {
      const c = await completedPurchase('10.00');
      const id = (await file(c.u.token, { orderId: c.orderId, reason: 'fraud' })).data.id as string;
      await advance(id);
      const body = (type: string, extra: Record<string, unknown> = {}) =>
        JSON.stringify({
          id: `evt_${randomUUID()}`,
          type,
          createdAt: t.clock.now().toISOString(),
          cardToken: c.token,
          dispute: {
            id: 'idp_x',
            reference: id,
            transactionId: c.issuerTxnId,
            amount: '10',
            credited: '10',
            reversed: '0',
            reason: null,
            ...extra,
          },
        });
      expect((await send(body('dispute.provisional_credit'), { secret: 'wrong-secret' })).code).toBe(401);
      expect((await send(body('dispute.provisional_credit'), { signature: null })).code).toBe(401);
      expect((await send(body('dispute.provisional_credit'), { signature: 'v1=' + '0'.repeat(64) })).code).toBe(401);
      expect(
        (await send(body('dispute.provisional_credit'), { ts: Math.floor(t.clock.now().getTime() / 1000) - 3600 }))
          .code,
      ).toBe(422);
      // Signed, but for another card than the dispute's: acknowledged, nothing done.
      const other = await completedPurchase('5.00');
      expect(
        (await send(JSON.stringify({ ...JSON.parse(body('dispute.provisional_credit')), cardToken: other.token }))).data
          .outcome,
      ).toBe('unknown_dispute');
      // Signed, credit larger than the disputed amount: refused as invalid, nothing posted.
      expect((await send(body('dispute.provisional_credit', { credited: '999' }))).data.outcome).toBe('invalid_amount');
      // Malformed signed body: a clear 422, never a 500.
      const junk = await send('{"id":"x"}');
      expect(junk.status).toBe(200);
      expect(junk.code).not.toBe(200);
      expect((await detail(c.u.token, id)).status).toBe('under_review');
      await booksClean(t);
    });

    it('one open dispute per transaction: 50 concurrent submits (distinct keys) make one; 20 with one key replay it', async () => {
      const c = await completedPurchase('12.00');
      const results = await Promise.all(
        Array.from({ length: 50 }, () => file(c.u.token, { orderId: c.orderId, reason: 'duplicate' })),
      );
      const ok = results.filter((r) => r.code === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.code !== 200).every((r) => r.key === 'card_dispute_exists')).toBe(true);
      const [{ n }] = (await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM card_disputes WHERE transaction_id = $1`,
        [c.orderId],
      )) as [{ n: number }];
      expect(n).toBe(1);

      const c2 = await completedPurchase('13.00');
      const k = key();
      const same = await Promise.all(
        Array.from({ length: 20 }, () => file(c2.u.token, { orderId: c2.orderId, reason: 'fraud' }, k)),
      );
      expect(same.every((r) => r.code === 200 && r.data.id === same[0]!.data.id)).toBe(true);
      // Same key, other payload: a conflict, not a second dispute.
      const mismatch = await file(c2.u.token, { orderId: c2.orderId, reason: 'not_received' }, k);
      expect(mismatch.key).toBe('idempotency_key_mismatch');
      // The partial unique index itself refuses a second open dispute, whatever the service does.
      await expect(
        t.database.sql.query(
          `INSERT INTO card_disputes (id, user_id, card_id, transaction_id, reason, status, amount, idempotency_key, request_hash)
           SELECT $1, user_id, card_id, transaction_id, reason, 'submitted', amount, 'other', 'x' FROM card_disputes WHERE transaction_id = $2`,
          [randomUUID(), c2.orderId],
        ),
      ).rejects.toThrow();
    });

    it('only completed purchases of the last 120 days; other customers’ orders, disputes and images do not exist', async () => {
      const c = await completedPurchase('8.00');
      // A pre-authorisation (not completed) cannot be disputed.
      const held = await t.post('dev/cards/purchase', { cardId: c.cardId, amount: '3.00', merchant: 'Pending Ltd' });
      const orders = (await t.get('card/orders', { cardId: c.cardId }, { token: c.u.token })).data.data as Array<{
        id: string;
        status: string;
      }>;
      const pending = orders.find((o) => o.status === 'pre_authorization')!;
      expect(held.data.approved).toBe(true);
      expect((await file(c.u.token, { orderId: pending.id, reason: 'fraud' })).key).toBe('card_dispute_not_completed');
      expect(
        (await t.get('card/dispute/eligibility', { orderId: pending.id }, { token: c.u.token })).data,
      ).toMatchObject({
        eligible: false,
        why: 'not_completed',
      });
      // 121 days old: refused with the window in the message.
      await t.database.sql.query(`UPDATE card_transactions SET created_at = $2 WHERE id = $1`, [
        c.orderId,
        new Date(t.clock.now().getTime() - 121 * 86_400_000).toISOString(),
      ]);
      const old = await file(c.u.token, { orderId: c.orderId, reason: 'fraud' });
      expect(old.key).toBe('card_dispute_too_old');
      expect(old.msg).toContain('120');

      const mine = await completedPurchase('9.00');
      const other = await completedPurchase('9.00');
      // Another customer's order: not found (never "exists").
      expect((await file(other.u.token, { orderId: mine.orderId, reason: 'fraud' })).key).toBe('not_found');
      expect((await t.get('card/dispute/eligibility', { orderId: mine.orderId }, { token: other.u.token })).key).toBe(
        'not_found',
      );
      const id = (await file(mine.u.token, { orderId: mine.orderId, reason: 'fraud' })).data.id as string;
      expect((await t.get('card/dispute/detail', { id }, { token: other.u.token })).key).toBe('not_found');
      expect((await t.get('card/dispute/list', {}, { token: other.u.token })).data.total).toBe(0);
      // Another customer's image as evidence: refused like a missing one.
      const { payload, headers } = multipart(files(png()));
      const up = JSON.parse(
        (
          await t.inject({
            method: 'POST',
            url: '/api/upload/image',
            payload,
            headers: { ...headers, 'access-token': other.u.token },
          })
        ).body,
      );
      expect(up.code, up.msg).toBe(200);
      const imageId = up.data.files[0].id as string;
      const c3 = await completedPurchase('7.00');
      expect((await file(c3.u.token, { orderId: c3.orderId, reason: 'fraud', evidence: [imageId] })).key).toBe(
        'card_dispute_evidence_invalid',
      );
      // The owner's own image is accepted and shown on the dispute.
      const withImage = await file(other.u.token, {
        orderId: other.orderId,
        reason: 'not_received',
        evidence: [imageId],
      });
      expect(withImage.code, withImage.msg).toBe(200);
      expect(withImage.data.evidence).toEqual([{ id: imageId, url: `upload/image/${imageId}` }]);
      // Bad input: clear envelope errors.
      expect((await file(c3.u.token, { orderId: c3.orderId, reason: 'bored' })).code).not.toBe(200);
      expect(
        (await t.post('card/dispute/create', { orderId: c3.orderId, reason: 'fraud' }, { token: c3.u.token })).key,
      ).toBe('idempotency_key_required');
    });

    it('a fraud dispute freezes the card in the same step when asked; every state is a message', async () => {
      const c = await completedPurchase('11.00');
      const res = await file(c.u.token, { orderId: c.orderId, reason: 'fraud', freezeCard: true });
      expect(res.code, res.msg).toBe(200);
      expect(res.data.cardFrozen).toBe(true);
      expect((await t.get('card/detail', { cardId: c.cardId }, { token: c.u.token })).data.status).toBe('frozen');
      const id = res.data.id as string;
      await t.post('dev/cards/disputes/outcome', { outcome: 'won' });
      await advance(id);
      await advance(id);
      await advance(id);
      const types = await t.database.sql.query<{ type: string }>(
        `SELECT type FROM domain_events WHERE aggregate_id = $1 ORDER BY id`,
        [id],
      );
      expect(types.map((r) => r.type)).toEqual([
        'cards.dispute_submitted',
        'cards.dispute_under_review',
        'cards.dispute_provisional_credit',
        'cards.dispute_won',
      ]);
      // Each state is a message in the message centre, in the reader's language, linking to the dispute page.
      await t.app.events.drain('notifications');
      await t.app.events.drain('notifications');
      const titles = async (locale: string) =>
        (
          (await t.get('notifications/messages', { per_page: '50' }, { token: c.u.token, locale })).data.data as Array<{
            title: string;
            body: string;
            link: string | null;
          }>
        ).filter((m) => m.link === `/pages/card/dispute?id=${id}`);
      const en = await titles('en-US');
      expect(en.map((m) => m.title).reverse()).toEqual([
        'Dispute submitted',
        'Dispute under review',
        'Provisional credit',
        'Dispute won',
      ]);
      expect(en[0]!.body).toContain('Gadget Shop');
      for (const locale of ['zh-HK', 'ar-AE', 'tr-TR'])
        expect((await titles(locale)).map((m) => m.title)).not.toContain('Dispute won');
      await booksClean(t);
    });

    it('a dispute the issuer could not take is handed over again later', async () => {
      const c = await completedPurchase('6.00');
      const id = (await file(c.u.token, { orderId: c.orderId, reason: 'cancelled_subscription' })).data.id as string;
      // Simulate a lost submission: forget that the issuer took it, then the advance re-submits (idempotent on our id).
      await t.database.sql.query(`UPDATE card_disputes SET issuer_submitted_at = NULL WHERE id = $1`, [id]);
      expect((await advance(id)).data.advanced).toBe(1);
      expect((await detail(c.u.token, id)).status).toBe('under_review');
      const [{ n }] = (await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sandbox_issuer_disputes WHERE reference = $1`,
        [id],
      )) as [{ n: number }];
      expect(n).toBe(1);
    });
  });
}
