import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cardRevealBody, cardWithdrawBody } from './card-forms';
import { exactlyOneProof, freshProofFields } from './fresh-proof';
import { withdrawBody } from './wallet';

const passkey = {
  ceremonyId: 'c'.repeat(32),
  response: {
    id: 'cred',
    rawId: 'cred',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
  },
};

/** The issues a body gets at the proof's two fields (`field: key`), whatever else it gets. */
function proofIssues(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  return (result.error?.issues ?? [])
    .filter((i) => i.path[0] === 'payPassword' || i.path[0] === 'passkey')
    .map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('exactly one fresh proof: the transaction password or a passkey', () => {
  const body = exactlyOneProof(z.object({ cardId: z.string().min(1, 'validation.required'), ...freshProofFields }));

  it('takes either proof alone', () => {
    expect(body.safeParse({ cardId: '7', payPassword: '123456' }).success).toBe(true);
    expect(body.safeParse({ cardId: '7', passkey }).success).toBe(true);
  });

  it('neither: the password is required; both: the passkey is refused — also beside another field’s error', () => {
    expect(proofIssues(body, { cardId: '7' })).toEqual(['payPassword: validation.required']);
    expect(proofIssues(body, { cardId: '7', payPassword: '123456', passkey })).toEqual(['passkey: validation.invalid']);
    const both = body.safeParse({ cardId: '', payPassword: '123456', passkey });
    expect(both.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'cardId: validation.required',
      'passkey: validation.invalid',
    ]);
    expect(proofIssues(body, { cardId: '' })).toEqual(['payPassword: validation.required']);
  });

  it('a body that is not an object gets only its own error', () => {
    for (const wrong of [null, [], 'x']) {
      const issues = body.safeParse(wrong).error?.issues ?? [];
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toEqual([]);
    }
  });

  it.each([
    ['card/detailsGrant', cardRevealBody],
    ['card/withdraw', cardWithdrawBody],
    ['wallet/withdraw', withdrawBody],
  ] as const)('%s applies the same rule with the same keys', (_route, schema) => {
    expect(proofIssues(schema, {})).toEqual(['payPassword: validation.required']);
    expect(proofIssues(schema, { payPassword: '123456', passkey })).toEqual(['passkey: validation.invalid']);
    expect(proofIssues(schema, { payPassword: '123456' })).toEqual([]);
    expect(proofIssues(schema, { passkey })).toEqual([]);
    expect(proofIssues(schema, { payPassword: '12' })).toEqual(['payPassword: validation.pin']);
  });
});
