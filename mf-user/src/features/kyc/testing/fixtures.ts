/** GET kyc/status as the API answers it. */
export function statusFixture(
  over: { level?: number; level1?: Partial<Record<string, unknown>>; level2?: Partial<Record<string, unknown>> } = {},
) {
  return {
    level: over.level ?? 0,
    level1: { state: 'not_verified', reason: null, reasonKey: null, submittedAt: null, details: null, ...over.level1 },
    level2: {
      state: 'not_verified',
      rejectType: null,
      moderationComment: null,
      rejectLabels: [],
      canRetry: false,
      updatedAt: null,
      ...over.level2,
    },
  };
}
