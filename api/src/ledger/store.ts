import { accountKey, allowsNegative } from './accounts';
import { assertValidPosting, type PostingDraft } from './posting';
import { SQLSTATE, sqlState, type SqlRunner } from './sql';

export class InsufficientBalanceError extends Error {
  override readonly name = 'InsufficientBalanceError';
}

/** The JSON `ledger_post` takes: one element per entry. */
export function entriesJson(draft: PostingDraft): string {
  return JSON.stringify(
    draft.entries.map((e) => ({
      key: accountKey(e.account),
      userId: e.account.owner === 'user' ? e.account.userId : null,
      kind: e.account.kind,
      currency: e.account.currency,
      network: e.account.owner === 'system' ? (e.account.network ?? null) : null,
      allowNegative: allowsNegative(e.account),
      amount: e.amount,
    })),
  );
}

/** SQL fragment + params calling ledger_post, for use inside a larger statement (one round trip). */
export function postingCall(
  draft: PostingDraft,
  operationId: string | null,
  firstParam: number,
): { sql: string; params: unknown[] } {
  assertValidPosting(draft);
  const n = (i: number) => `$${firstParam + i}`;
  return {
    sql: `ledger_post(${n(0)}, ${n(1)}, ${n(2)}, ${n(3)}, ${n(4)}, ${n(5)}, ${n(6)}::jsonb)`,
    params: [draft.ref, draft.type, draft.userId, operationId, draft.remark, draft.txHash, entriesJson(draft)],
  };
}

/**
 * Posts one balanced movement inside the caller's transaction. Returns false when the ref was
 * already posted (idempotent replay), throws InsufficientBalanceError when a customer account
 * would go negative (the whole transaction must then be rolled back — the caller's throw does it).
 */
export async function post(
  tx: SqlRunner,
  draft: PostingDraft,
  operationId: string | null = null,
): Promise<{ postingId: string; created: boolean }> {
  const call = postingCall(draft, operationId, 1);
  try {
    const [row] = await tx.query<{ posting_id: string; created: boolean }>(
      `SELECT posting_id::text AS posting_id, created FROM ${call.sql}`,
      call.params,
    );
    return { postingId: row!.posting_id, created: row!.created };
  } catch (e) {
    throw mapLedgerError(e);
  }
}

export function mapLedgerError(e: unknown): unknown {
  const state = sqlState(e);
  const constraint =
    (e as { constraint?: string; cause?: { constraint?: string } }).constraint ??
    (e as { cause?: { constraint?: string } }).cause?.constraint;
  if (
    state === SQLSTATE.insufficientBalance ||
    (state === SQLSTATE.checkViolation && constraint === 'ledger_accounts_no_overdraft')
  ) {
    return new InsufficientBalanceError('insufficient_balance');
  }
  return e;
}
