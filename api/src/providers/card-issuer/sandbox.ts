import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isLuhnValid } from './pan';
import type { SqlDatabase } from '../../ledger/sql';
import { money } from '../../ledger/money';
import { generateCvv, generatePan } from './pan';
import {
  CardIssuerError,
  type CardIssuer,
  type IssuedCard,
  type IssuerBrand,
  type IssuerCardStatus,
  type IssuerCardType,
  type IssuerShippingStatus,
  type IssuerSpendingControls,
  type ThreeDsDecision,
} from './types';

export type SandboxIssuerMode = 'ok' | 'refuse' | 'timeout';
export interface SandboxIssuerFailures {
  create: SandboxIssuerMode;
  load: SandboxIssuerMode;
  unload: SandboxIssuerMode;
}

/** Documented sandbox default; outside sandbox no sandbox issuer exists. */
export const SANDBOX_ISSUER_SECRET = 'cardwallet-sandbox-issuer-secret';

/** How long a details-reveal grant can be redeemed. */
export const REVEAL_GRANT_SECONDS = 60;

const SHIPPING_STEPS: IssuerShippingStatus[] = ['processing', 'shipped', 'delivered'];

/**
 * A card issuing processor for the sandbox, behaving as a real one does: it issues Luhn-valid PANs
 * in the product's BIN ranges with a 3-year expiry and a CVV, keeps PAN/CVV/PIN AES-256-GCM
 * encrypted in its own tables, hands out only token + last four + expiry, holds each card's
 * balance, and is idempotent on the caller's references. `failures` switches refusals and
 * timeouts per operation (POST /api/dev/cards/failures).
 */
export class SandboxCardIssuer implements CardIssuer {
  readonly name = 'sandbox';
  readonly failures: SandboxIssuerFailures = { create: 'ok', load: 'ok', unload: 'ok' };
  private readonly key: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(
    private readonly db: SqlDatabase,
    secret: string = SANDBOX_ISSUER_SECRET,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHash('sha256').update(`enc:${secret}`).digest();
    this.fingerprintKey = createHash('sha256').update(`fp:${secret}`).digest();
  }

  /** Keyed fingerprint (PAN uniqueness, carrier codes): comparable, not reversible. */
  fingerprint(value: string): string {
    return createHmac('sha256', this.fingerprintKey).update(value).digest('hex');
  }

  /** For the sandbox's own simulator: the PAN of a card it issued (never leaves the sandbox). */
  panOf(sealed: string): string {
    return this.decrypt(sealed);
  }

  private encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
  }

  private decrypt(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  }

  /** A refusal answers at once; a timeout never answers (the caller's deadline fires). */
  private gate(mode: SandboxIssuerMode, what: string): Promise<void> {
    if (mode === 'refuse') return Promise.reject(new CardIssuerError('refused', `sandbox issuer refused ${what}`));
    if (mode === 'timeout') return new Promise<void>(() => undefined);
    return Promise.resolve();
  }

  /** The interface's request, plus what only the sandbox's stock of posted physical cards carries. */
  async createCard(
    req: Parameters<CardIssuer['createCard']>[0] & { tier?: string; carrierCode?: string },
  ): Promise<IssuedCard> {
    await this.gate(this.failures.create, 'the card application');
    const token = `sbx_${createHmac('sha256', this.fingerprintKey).update(`card:${req.reference}`).digest('hex').slice(0, 32)}`;
    const existing = await this.db.query<{ last4: string; expiry: string }>(
      `SELECT last4, expiry FROM sandbox_issuer_cards WHERE token = $1`,
      [token],
    );
    if (existing[0]) return { token, ...existing[0] };
    for (let attempt = 0; attempt < 5; attempt++) {
      const pan = generatePan(req.brand);
      const now = this.now();
      const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
      const rows = await this.db.query<{ token: string }>(
        `INSERT INTO sandbox_issuer_cards (token, brand, type, pan_encrypted, pan_fingerprint, cvv_encrypted, pin_encrypted, last4, expiry, status, shipping_status,
           transaction_fee, tier, carrier_code_hash, monthly_limit, monthly_fee)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'inactive', $10, $11, $12, $13, $14, $15)
         ON CONFLICT DO NOTHING RETURNING token`,
        [
          token,
          req.brand,
          req.type,
          this.encrypt(pan),
          createHmac('sha256', this.fingerprintKey).update(pan).digest('hex'),
          this.encrypt(generateCvv()),
          this.encrypt(req.pin),
          pan.slice(-4),
          expiry,
          req.type === 'physical' ? 'processing' : null,
          req.transactionFee ?? '0',
          req.tier ?? null,
          req.carrierCode ? this.fingerprint(`carrier:${req.carrierCode}`) : null,
          req.monthlyLimit ?? null,
          req.monthlyFee && money(req.monthlyFee).gt(0) ? req.monthlyFee : null,
        ],
      );
      if (rows[0]) return { token, last4: pan.slice(-4), expiry };
      const again = await this.db.query<{ last4: string; expiry: string }>(
        `SELECT last4, expiry FROM sandbox_issuer_cards WHERE token = $1`,
        [token],
      );
      if (again[0]) return { token, ...again[0] };
      // else: the PAN collided with another card's — draw again
    }
    throw new CardIssuerError('unavailable', 'sandbox issuer could not allocate a card number');
  }

  async setCardholder(token: string, holder: { firstName: string; lastName: string; mobile: string }): Promise<void> {
    const rows = await this.db.query(
      `UPDATE sandbox_issuer_cards SET cardholder = $2 WHERE token = $1 RETURNING token`,
      [token, `${holder.firstName} ${holder.lastName}`.toUpperCase()],
    );
    if (!rows[0]) throw new CardIssuerError('not_found', 'unknown card token');
  }

  private async move(
    kind: 'load' | 'unload',
    req: { token: string; amount: string; reference: string },
  ): Promise<{ balance: string }> {
    await this.gate(kind === 'load' ? this.failures.load : this.failures.unload, kind);
    const sign = kind === 'load' ? '' : '-';
    try {
      return await this.db.transaction(async (tx) => {
        const inserted = await tx.query<{ reference: string }>(
          `INSERT INTO sandbox_issuer_operations (reference, token, kind, amount) VALUES ($1, $2, $3, $4) ON CONFLICT (reference) DO NOTHING RETURNING reference`,
          [req.reference, req.token, kind, req.amount],
        );
        if (inserted[0]) {
          const rows = await tx.query<{ balance: string }>(
            `UPDATE sandbox_issuer_cards SET balance = balance + ($2::numeric * ${sign}1), status = CASE WHEN status = 'inactive' AND $3 = 'load' THEN 'active' ELSE status END
             WHERE token = $1 AND status <> 'closed' RETURNING balance::text AS balance`,
            [req.token, req.amount, kind],
          );
          if (!rows[0]) throw new CardIssuerError('not_found', 'unknown or closed card');
          return { balance: rows[0].balance };
        }
        const [row] = await tx.query<{ balance: string }>(
          `SELECT balance::text AS balance FROM sandbox_issuer_cards WHERE token = $1`,
          [req.token],
        );
        return { balance: row!.balance };
      });
    } catch (e) {
      if (e instanceof CardIssuerError) throw e;
      const code = (e as { code?: string }).code;
      if (code === '23514') throw new CardIssuerError('insufficient_funds', 'card balance too low');
      if (code === '23503') throw new CardIssuerError('not_found', 'unknown card token');
      throw e;
    }
  }

  load(req: { token: string; amount: string; reference: string }) {
    return this.move('load', req);
  }

  unload(req: { token: string; amount: string; reference: string }) {
    return this.move('unload', req);
  }

  async reverse(reference: string): Promise<void> {
    // A request that timed out on the caller's side may still be applied here later: the reversal
    // then leaves a tombstone that voids it. If that request commits while we look, look again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const settled = await this.db.transaction(async (tx) => {
        const [op] = await tx.query<{ token: string | null; kind: string | null; amount: string | null }>(
          `UPDATE sandbox_issuer_operations SET reversed = TRUE WHERE reference = $1 AND NOT reversed RETURNING token, kind, amount::text AS amount`,
          [reference],
        );
        if (op) {
          if (op.token && op.amount) {
            await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance + ($2::numeric * $3) WHERE token = $1`, [
              op.token,
              op.amount,
              op.kind === 'load' ? -1 : 1,
            ]);
          }
          return true;
        }
        const tombstone = await tx.query(
          `INSERT INTO sandbox_issuer_operations (reference, reversed) VALUES ($1, TRUE) ON CONFLICT (reference) DO NOTHING RETURNING reference`,
          [reference],
        );
        if (tombstone.length > 0) return true;
        const [existing] = await tx.query<{ reversed: boolean }>(
          `SELECT reversed FROM sandbox_issuer_operations WHERE reference = $1`,
          [reference],
        );
        return existing?.reversed === true;
      });
      if (settled) return;
    }
    throw new CardIssuerError('unavailable', `could not reverse ${reference}`);
  }

  async balance(token: string): Promise<string> {
    const [row] = await this.db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM sandbox_issuer_cards WHERE token = $1`,
      [token],
    );
    if (!row) throw new CardIssuerError('not_found', 'unknown card token');
    return row.balance;
  }

  /** All balances at once (the ledger check compares every card). */
  async balances(): Promise<Map<string, string>> {
    const rows = await this.db.query<{ token: string; balance: string }>(
      `SELECT token, balance::text AS balance FROM sandbox_issuer_cards`,
    );
    return new Map(rows.map((r) => [r.token, r.balance]));
  }

  async setStatus(token: string, status: IssuerCardStatus): Promise<void> {
    const rows = await this.db.query(`UPDATE sandbox_issuer_cards SET status = $2 WHERE token = $1 RETURNING token`, [
      token,
      status,
    ]);
    if (!rows[0]) throw new CardIssuerError('not_found', 'unknown card token');
  }

  async shippingStatus(token: string): Promise<IssuerShippingStatus | null> {
    const [row] = await this.db.query<{ shipping_status: IssuerShippingStatus | null }>(
      `SELECT shipping_status FROM sandbox_issuer_cards WHERE token = $1`,
      [token],
    );
    if (!row) throw new CardIssuerError('not_found', 'unknown card token');
    return row.shipping_status;
  }

  /** Sandbox control: the courier moves a physical card one step (processing → shipped → delivered). */
  async advanceShipping(token: string): Promise<IssuerShippingStatus | null> {
    const current = await this.shippingStatus(token);
    if (current === null) return null;
    const next = SHIPPING_STEPS[Math.min(SHIPPING_STEPS.indexOf(current) + 1, SHIPPING_STEPS.length - 1)]!;
    await this.db.query(`UPDATE sandbox_issuer_cards SET shipping_status = $2 WHERE token = $1`, [token, next]);
    return next;
  }

  async details(token: string): Promise<{ pan: string; cvv: string; expiry: string }> {
    const [row] = await this.db.query<{ pan_encrypted: string; cvv_encrypted: string; expiry: string }>(
      `SELECT pan_encrypted, cvv_encrypted, expiry FROM sandbox_issuer_cards WHERE token = $1`,
      [token],
    );
    if (!row) throw new CardIssuerError('not_found', 'unknown card token');
    return { pan: this.decrypt(row.pan_encrypted), cvv: this.decrypt(row.cvv_encrypted), expiry: row.expiry };
  }

  async changePin(token: string, kind: 'pin' | 'atm', pin: string): Promise<void> {
    if (!/^\d{6}$/.test(pin)) throw new CardIssuerError('refused', 'a PIN has 6 digits');
    const column = kind === 'pin' ? 'pin_encrypted' : 'atm_pin_encrypted';
    const rows = await this.db.query(
      `UPDATE sandbox_issuer_cards SET ${column} = $2 WHERE token = $1 AND status <> 'closed' RETURNING token`,
      [token, this.encrypt(pin)],
    );
    if (!rows[0]) throw new CardIssuerError('not_found', 'unknown or closed card');
  }

  /** Grants live 60 seconds and are stored only as their SHA-256. */
  async createRevealGrant(token: string): Promise<{ grant: string; expiresAt: Date }> {
    const [card] = await this.db.query(
      `SELECT token FROM sandbox_issuer_cards WHERE token = $1 AND status <> 'closed'`,
      [token],
    );
    if (!card) throw new CardIssuerError('not_found', 'unknown or closed card');
    const grant = `rg_${randomBytes(24).toString('base64url')}`;
    const expiresAt = new Date(this.now().getTime() + REVEAL_GRANT_SECONDS * 1000);
    await this.db.query(
      `INSERT INTO sandbox_issuer_reveal_grants (grant_hash, token, expires_at) VALUES ($1, $2, $3)`,
      [createHash('sha256').update(grant).digest('hex'), token, expiresAt.toISOString()],
    );
    return { grant, expiresAt };
  }

  async redeemRevealGrant(
    grant: string,
  ): Promise<{ token: string; pan: string; cvv: string; expiry: string; cardholder: string | null }> {
    const [row] = await this.db.query<{ token: string }>(
      `UPDATE sandbox_issuer_reveal_grants SET used_at = $2 WHERE grant_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING token`,
      [createHash('sha256').update(grant).digest('hex'), this.now().toISOString()],
    );
    if (!row) throw new CardIssuerError('refused', 'grant unknown, used or expired');
    const [card] = await this.db.query<{
      pan_encrypted: string;
      cvv_encrypted: string;
      expiry: string;
      cardholder: string | null;
    }>(`SELECT pan_encrypted, cvv_encrypted, expiry, cardholder FROM sandbox_issuer_cards WHERE token = $1`, [
      row.token,
    ]);
    if (!card) throw new CardIssuerError('not_found', 'unknown card token');
    return {
      token: row.token,
      pan: this.decrypt(card.pan_encrypted),
      cvv: this.decrypt(card.cvv_encrypted),
      expiry: card.expiry,
      cardholder: card.cardholder,
    };
  }

  async requestUnfreeze(token: string, reference: string): Promise<void> {
    const [card] = await this.db.query<{ freeze_reason: string | null }>(
      `SELECT freeze_reason FROM sandbox_issuer_cards WHERE token = $1`,
      [token],
    );
    if (!card) throw new CardIssuerError('not_found', 'unknown card token');
    if (card.freeze_reason !== 'risk') throw new CardIssuerError('refused', 'the card is not risk-frozen');
    await this.db.query(
      `INSERT INTO sandbox_issuer_unfreeze_requests (token, reference) VALUES ($1, $2) ON CONFLICT (reference) DO NOTHING`,
      [token, reference],
    );
  }

  async findStockCard(req: {
    pan: string;
    carrierCode: string;
  }): Promise<IssuedCard & { brand: IssuerBrand; type: IssuerCardType; tier: string | null }> {
    if (!isLuhnValid(req.pan)) throw new CardIssuerError('not_found', 'no such card');
    const [row] = await this.db.query<{
      token: string;
      last4: string;
      expiry: string;
      brand: IssuerBrand;
      type: IssuerCardType;
      tier: string | null;
      carrier_code_hash: string | null;
    }>(
      `SELECT token, last4, expiry, brand, type, tier, carrier_code_hash FROM sandbox_issuer_cards WHERE pan_fingerprint = $1 AND status <> 'closed'`,
      [this.fingerprint(req.pan)],
    );
    const expected = row?.carrier_code_hash ? Buffer.from(row.carrier_code_hash, 'hex') : null;
    const given = Buffer.from(this.fingerprint(`carrier:${req.carrierCode}`), 'hex');
    if (!row || !expected || !timingSafeEqual(expected, given)) throw new CardIssuerError('not_found', 'no such card');
    return { token: row.token, last4: row.last4, expiry: row.expiry, brand: row.brand, type: row.type, tier: row.tier };
  }

  /** Issue 23: the programme's spending controls, kept as the issuer's card setting (newest version wins). */
  async setSpendingControls(token: string, controls: IssuerSpendingControls, version: number): Promise<void> {
    const rows = await this.db.query<{ token: string }>(
      `UPDATE sandbox_issuer_cards SET spending_controls = $2::jsonb, spending_controls_version = $3
       WHERE token = $1 AND spending_controls_version < $3 RETURNING token`,
      [token, JSON.stringify(controls), version],
    );
    if (!rows[0]) {
      const [known] = await this.db.query(`SELECT 1 FROM sandbox_issuer_cards WHERE token = $1`, [token]);
      if (!known) throw new CardIssuerError('not_found', 'unknown card token');
    }
  }

  private threeDsResponder: ((id: string, decision: ThreeDsDecision) => Promise<{ status: ThreeDsDecision }>) | null =
    null;
  /** The sandbox network answers 3-D Secure (it owns the purchase waiting for the answer). */
  attachThreeDs(responder: (id: string, decision: ThreeDsDecision) => Promise<{ status: ThreeDsDecision }>): void {
    this.threeDsResponder = responder;
  }

  async answerThreeDs(challengeId: string, decision: ThreeDsDecision): Promise<{ status: ThreeDsDecision }> {
    if (!this.threeDsResponder) throw new CardIssuerError('unavailable', 'no card network attached');
    return this.threeDsResponder(challengeId, decision);
  }
  /** See CardIssuer.reissueCard: new card + balance moved + old card closed, in one transaction here. */
  async reissueCard(req: { reference: string; fromToken: string }): Promise<IssuedCard & { moved: string }> {
    await this.gate(this.failures.create, 'the card replacement');
    const done = () =>
      this.db.query<{ token: string; last4: string; expiry: string; moved: string }>(
        `SELECT r.to_token AS token, c.last4, c.expiry, r.moved::text AS moved FROM sandbox_issuer_reissues r
         JOIN sandbox_issuer_cards c ON c.token = r.to_token WHERE r.reference = $1`,
        [req.reference],
      );
    const [before] = await done();
    if (before) return before;
    const [old] = await this.db.query<{
      brand: IssuerBrand;
      type: 'virtual' | 'physical';
      tier: string | null;
      pin_encrypted: string;
      transaction_fee: string;
      monthly_limit: string | null;
      monthly_fee: string | null;
      status: string;
    }>(
      `SELECT brand, type, tier, pin_encrypted, transaction_fee::text AS transaction_fee, monthly_limit::text AS monthly_limit,
         monthly_fee::text AS monthly_fee, status FROM sandbox_issuer_cards WHERE token = $1`,
      [req.fromToken],
    );
    if (!old) throw new CardIssuerError('not_found', 'unknown card token');
    // The new card: the old one's product and PIN, a new number, CVV and expiry (createCard is idempotent on the reference).
    const issued = await this.createCard({
      reference: req.reference,
      brand: old.brand,
      type: old.type,
      pin: this.decrypt(old.pin_encrypted),
      shipping: null,
      transactionFee: old.transaction_fee,
      ...(old.monthly_limit ? { monthlyLimit: old.monthly_limit } : {}),
      ...(old.monthly_fee ? { monthlyFee: old.monthly_fee } : {}),
      ...(old.tier ? { tier: old.tier } : {}),
    });
    const moved = await this.db.transaction(async (tx) => {
      // The dispute desk locks a case before the card it credits: the same order here (no deadlock).
      await tx.query(`SELECT id FROM sandbox_issuer_disputes WHERE token = $1 ORDER BY id FOR UPDATE`, [req.fromToken]);
      // The old card's row lock: purchases, fees and loads on it wait, and then find it closed.
      const [from] = await tx.query<{ balance: string; status: string }>(
        `SELECT balance::text AS balance, status FROM sandbox_issuer_cards WHERE token = $1 FOR UPDATE`,
        [req.fromToken],
      );
      const [again] = await tx.query<{ moved: string }>(
        `SELECT moved::text AS moved FROM sandbox_issuer_reissues WHERE reference = $1`,
        [req.reference],
      );
      if (again) return again.moved;
      if (!from || from.status === 'closed')
        throw new CardIssuerError('refused', 'the card is closed or already replaced');
      const [held] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sandbox_issuer_transactions WHERE token = $1 AND type = 'purchase' AND status = 'authorized'`,
        [req.fromToken],
      );
      if ((held?.n ?? 0) > 0) throw new CardIssuerError('refused', 'authorisations still hold money on the card');
      await tx.query(
        `INSERT INTO sandbox_issuer_reissues (reference, from_token, to_token, moved) VALUES ($1, $2, $3, $4)`,
        [req.reference, req.fromToken, issued.token, from.balance],
      );
      await tx.query(`UPDATE sandbox_issuer_cards SET balance = 0, status = 'closed' WHERE token = $1`, [
        req.fromToken,
      ]);
      await tx.query(
        `UPDATE sandbox_issuer_cards n SET balance = n.balance + $2::numeric, status = 'active', cardholder = o.cardholder,
           atm_pin_encrypted = o.atm_pin_encrypted, spending_controls = o.spending_controls, spending_controls_version = o.spending_controls_version
         FROM sandbox_issuer_cards o WHERE n.token = $1 AND o.token = $3`,
        [issued.token, from.balance, req.fromToken],
      );
      // Open dispute cases follow the card: their credit lands on the replacement.
      await tx.query(
        `UPDATE sandbox_issuer_disputes SET token = $2 WHERE token = $1 AND status IN ('received', 'under_review', 'provisional_credit')`,
        [req.fromToken, issued.token],
      );
      return from.balance;
    });
    return { ...issued, moved };
  }
}
