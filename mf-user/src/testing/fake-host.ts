// The fake host and HTTP boundary shared by every feature app's component tests.
export * from '@cardwallet/shared/testing/fake-host';

/** GET user/info as the API answers it for a signed-in customer. */
export const profileFixture = {
  userId: '100001',
  email: 'demo@cardwallet.test',
  mobile: null as string | null,
  kycLevel: 2,
  inviteCode: 'AB12CD34',
  hasPayPassword: false,
  createdAt: '2026-01-02T03:04:05.000Z',
};
